import { signDocument } from "../../app/modules/ceremonies/packet.server";
import { ceremonyDays, ceremonyFacilitators, ceremonyPlaces } from "../../db/schema";
import type { LoggedServer } from "../support/logged-server";

/**
 * The world's ceremony (issue 49): a day a month ahead led by the keeper, and member A's accepted
 * place on it with the client information form signed (a judgement flag: past thoughts of harm).
 */
export async function worldCeremony(server: LoggedServer, keeperId: string, memberId: string) {
  const db = server.database.db;
  const startsAt = new Date(Date.now() + 30 * 86_400_000);
  const [day] = await db
    .insert(ceremonyDays)
    .values({
      place: "The Cedar House",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 8 * 3_600_000),
      capacity: 6,
      createdByName: "Kira Keeper",
    })
    .returning({ id: ceremonyDays.id });
  if (!day) throw new Error("no ceremony day");
  await db.insert(ceremonyFacilitators).values({ dayId: day.id, userId: keeperId });
  const [place] = await db
    .insert(ceremonyPlaces)
    .values({ dayId: day.id, userId: memberId, status: "accepted", answeredAt: new Date() })
    .returning({ id: ceremonyPlaces.id });
  if (!place) throw new Error("no ceremony place");
  const no = "no" as const;
  await signDocument(
    db,
    server.env,
    { userId: memberId, placeId: place.id, dayId: day.id },
    "client-information",
    {
      lithium: no,
      fungiAllergy: no,
      psychosis: no,
      treatment: no,
      heart: no,
      seizures: no,
      pregnancy: no,
      difficultReaction: no,
      harmPast: "yes",
      harmNow: no,
      medicineDuringSession: no,
      interpreter: no,
      mobility: no,
      notes: "",
    },
    "Alma Member",
  );
  return { day: day.id, place: place.id };
}
