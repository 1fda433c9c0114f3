import type { AncillaryDataServiceService } from "../../../../proto/gen/m3/annotation/v1/ancillary_data_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import type { AncillaryDataService } from "../services/ancillary-data.service.js";
import { ancillaryInputOf, toDatum } from "./moments.mapper.js";

export function ancillaryDataHandlers(
  data: AncillaryDataService,
): UnaryHandlers<typeof AncillaryDataServiceService> {
  return {
    getAncillaryDatum: async (r) => toDatum(await data.get(r.uuid)),
    listAncillaryDataByVideoReference: async (r) => ({
      data: (await data.listByVideo(r.videoReferenceUuid)).map(toDatum),
    }),
    getAncillaryDatumByImagedMoment: async (r) => toDatum(await data.getByMoment(r.imagedMomentUuid)),
    getAncillaryDatumByObservation: async (r) => toDatum(await data.getByObservation(r.observationUuid)),
    createAncillaryDatum: async (r) => toDatum(await data.create(ancillaryInputOf(r.datum, ""))),
    createAncillaryData: async (r) => ({
      data: (await data.createMany(r.data.map((d, i) => ancillaryInputOf(d, `data[${i}].`)))).map(toDatum),
    }),
    mergeAncillaryData: async (r) => ({
      data: (
        await data.merge(
          r.videoReferenceUuid,
          r.data.map((d, i) => ancillaryInputOf(d, `data[${i}].`)),
          r.window,
        )
      ).map(toDatum),
    }),
    updateAncillaryDatum: async (r) => toDatum(await data.update(r.uuid, ancillaryInputOf(r.datum, ""))),
    deleteAncillaryDataByVideoReference: async (r) => ({
      videoReferenceUuid: r.videoReferenceUuid,
      count: await data.deleteByVideo(r.videoReferenceUuid),
    }),
  };
}
