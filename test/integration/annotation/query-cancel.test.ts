import test from "ava";
import { AnnotationsViewSource } from "../../../services/annotation/query/repositories/annotations-view.source.js";
import { TabularQueryRepository } from "../../../services/annotation/query/repositories/tabular-query.repository.js";
import { TabularQueryService } from "../../../services/annotation/query/services/tabular-query.service.js";
import {
  BACKENDS,
  closeAnnotationTestStorages,
  openAnnotationTestStorage,
} from "../../support/annotation/annotation-storage.js";
import { seedVideo } from "../../support/annotation/fast-seed.js";

test.after.always(closeAnnotationTestStorages);

for (const backend of BACKENDS) {
  test(`${backend}: a download streams in chunks and an abort ends it with the abort's reason`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    await seedVideo(storage, 3000, ["Aurelia", "Nanomia"]);
    const service = new TabularQueryService(
      new TabularQueryRepository(storage, new AnnotationsViewSource(storage, undefined)),
    );
    const request = {
      select: ["observation_uuid", "concept", "link_name"],
      where: [],
      orderBy: [],
      strict: false,
    };
    const controller = new AbortController();
    const chunks = service.download(request, controller.signal);
    const first = await chunks.next();
    t.false(first.done);
    t.true(
      (first.value as Buffer)
        .toString("utf8")
        .startsWith("index_recorded_timestamp\tobservation_uuid\tconcept\tlink_name\n"),
    );
    controller.abort();
    const error = await chunks.next().then(
      () => undefined,
      (reason: unknown) => reason as { name?: string },
    );
    t.is(error?.name, "AbortError");
    const whole = [];
    for await (const chunk of service.download(request, new AbortController().signal)) whole.push(chunk);
    t.true(whole.length > 1);
    t.is(Buffer.concat(whole).toString("utf8").split("\n").length, 3002);
  });
}
