import type { Migration, MigrationProvider } from "kysely";
import * as m0001 from "./0001_init";
import * as m0002 from "./0002_public_forms";
import * as m0003 from "./0003_form_throttle";
import * as m0004 from "./0004_news_publishing";
import * as m0005 from "./0005_back_office";
import * as m0006 from "./0006_donations";
import * as m0007 from "./0007_mail";
import * as m0008 from "./0008_gift_aid";
import * as m0009 from "./0009_enquiries_privacy";
import * as m0010 from "./0010_drop_duplicate_email_index";
import * as m0011 from "./0011_login_failure_client";
import * as m0012 from "./0012_pledge_honoree";
import * as m0013 from "./0013_stripe";
import * as m0014 from "./0014_newsletters";
import * as m0015 from "./0015_charity_settings";
import * as m0016 from "./0016_team";
import * as m0017 from "./0017_pledge_last_paid";
import * as m0018 from "./0018_supporters";
import * as m0019 from "./0019_small_donations";
import * as m0020 from "./0020_pledge_reminder";
import * as m0021 from "./0021_several_instances";
import * as m0022 from "./0022_refunds_net";
import * as m0023 from "./0023_email_changes";
import * as m0024 from "./0024_donor_portal";
import * as m0025 from "./0025_hmrc_submissions";
import * as m0026 from "./0026_appeals_fundraising";
import * as m0027 from "./0027_volunteers";
import * as m0028 from "./0028_events";
import * as m0029 from "./0029_checkout_queue";
import * as m0030 from "./0030_donor_details_soft_opt_in";
import * as m0031 from "./0031_ticket_guests_refunds";
import * as m0033 from "./0033_pledge_status_index";
import * as m0034 from "./0034_partial_indexes";
import * as m0036 from "./0036_hmrc_tests_mail_lanes";
import * as m0037 from "./0037_passkeys";
import * as m0042 from "./0042_search";
import * as m0043 from "./0043_site_pages";
import * as m0047 from "./0047_pages_for_appeals";
import * as m0038 from "./0038_public_form_identity";
import * as m0035 from "./0035_one_settings_store";
import * as m0041 from "./0041_direct_debit";
import * as m0048 from "./0048_volunteer_mail_templates";
import * as m0049 from "./0049_payment_paid_with";
import * as m0050 from "./0050_content_revisions";
import * as m0046 from "./0046_event_mail_and_waitlist_places";
import * as m0045 from "./0045_publications";
import * as m0044 from "./0044_projects_redirects";

// Imported statically: esbuild cannot bundle FileMigrationProvider's dynamic imports.
// Add each new migration here, in order.
const migrations: Record<string, Migration> = {
  "0001_init": m0001,
  "0002_public_forms": m0002,
  "0003_form_throttle": m0003,
  "0004_news_publishing": m0004,
  "0005_back_office": m0005,
  "0006_donations": m0006,
  "0007_mail": m0007,
  "0008_gift_aid": m0008,
  "0009_enquiries_privacy": m0009,
  "0010_drop_duplicate_email_index": m0010,
  "0011_login_failure_client": m0011,
  "0012_pledge_honoree": m0012,
  "0013_stripe": m0013,
  "0014_newsletters": m0014,
  "0015_charity_settings": m0015,
  "0016_team": m0016,
  "0017_pledge_last_paid": m0017,
  "0018_supporters": m0018,
  "0019_small_donations": m0019,
  "0020_pledge_reminder": m0020,
  "0021_several_instances": m0021,
  "0022_refunds_net": m0022,
  "0023_email_changes": m0023,
  "0024_donor_portal": m0024,
  "0025_hmrc_submissions": m0025,
  "0026_appeals_fundraising": m0026,
  "0027_volunteers": m0027,
  "0028_events": m0028,
  "0029_checkout_queue": m0029,
  "0030_donor_details_soft_opt_in": m0030,
  "0031_ticket_guests_refunds": m0031,
  "0033_pledge_status_index": m0033,
  "0034_partial_indexes": m0034,
  "0036_hmrc_tests_mail_lanes": m0036,
  "0037_passkeys": m0037,
  "0042_search": m0042,
  "0038_public_form_identity": m0038,
  "0035_one_settings_store": m0035,
  "0041_direct_debit": m0041,
  "0048_volunteer_mail_templates": m0048,
  "0049_payment_paid_with": m0049,
  "0050_content_revisions": m0050,
  "0045_publications": m0045,
  "0043_site_pages": m0043,
  "0046_event_mail_and_waitlist_places": m0046,
  "0047_pages_for_appeals": m0047,
  "0044_projects_redirects": m0044,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
