import test from "ava";
import {
  firstIndexedColumn,
  foreignKeyColumns,
} from "../../../tools/m3/import/target/set-aside/set-aside-definitions.js";

test("an index's first column is read from MySQL's KEY clause and from PostgreSQL's and SQLite's CREATE INDEX", (t) => {
  t.is(firstIndexedColumn("KEY `idx_image_references__url` (`url`(255))"), "url");
  t.is(
    firstIndexedColumn(
      "CREATE INDEX idx_ancillary_data__moment_depth ON public.ancillary_data USING btree (imaged_moment_uuid, depth_meters)",
    ),
    "imaged_moment_uuid",
  );
  t.is(firstIndexedColumn('CREATE INDEX "idx_x" ON observations ("concept", imaged_moment_uuid)'), "concept");
});

test("a single-column foreign key's columns are read in either engine's quoting; one over several columns is not", (t) => {
  const expected = { column: "imaged_moment_uuid", parentTable: "imaged_moments", parentColumn: "uuid" };
  t.deepEqual(
    foreignKeyColumns(
      "ALTER TABLE `observations` ADD CONSTRAINT `fk_observations__imaged_moment` FOREIGN KEY (`imaged_moment_uuid`) REFERENCES `imaged_moments` (`uuid`) ON DELETE CASCADE",
    ),
    expected,
  );
  t.deepEqual(
    foreignKeyColumns(
      'ALTER TABLE "observations" ADD CONSTRAINT "fk" FOREIGN KEY (imaged_moment_uuid) REFERENCES imaged_moments(uuid) ON DELETE CASCADE',
    ),
    expected,
  );
  t.is(foreignKeyColumns("FOREIGN KEY (a, b) REFERENCES parent (x, y)"), undefined);
});
