// The charity and its authorised official as a Gift Aid claim to HMRC needs them in Settings:
// one fixture for the HMRC integration tests and the HMRC browser servers.
import type { DB } from "~/infra/db.server";
import { saveCharitySettings } from "~/site/services/charity-settings.server";

export async function saveClaimantSettings(options: { db?: DB } = {}): Promise<void> {
  await saveCharitySettings(
    "charity",
    {
      name: "Community Health Aid UK",
      shortName: "CHA UK",
      charityNumber: "1234567",
      companyNumber: "01234567",
      registeredOffice: "",
    },
    "admin",
    options,
  );
  await saveCharitySettings(
    "hmrc",
    {
      hmrcOfficialTitle: "Mrs",
      hmrcOfficialFirstName: "Jane",
      hmrcOfficialLastName: "Official",
      hmrcOfficialPostcode: "LS1 4AP",
      hmrcOfficialPhone: "0113 496 0000",
    },
    "admin",
    options,
  );
}
