/**
 * A trustee or officer as the public "Our Team" page lists them (a staff account is a
 * `TeamMember`, app/staff/models/user.server.ts).
 */
export interface TrusteeOrOfficer {
  name: string;
  role: string;
}

// PLACEHOLDER: the specification does not reproduce the trustees' and officers' names.
// Replace every entry below with the real names and roles before publishing.

export const trustees: TrusteeOrOfficer[] = [
  { name: "Trustee name (placeholder)", role: "Chair of Trustees" },
  { name: "Trustee name (placeholder)", role: "Vice Chair" },
  { name: "Trustee name (placeholder)", role: "Treasurer" },
  { name: "Trustee name (placeholder)", role: "Trustee" },
  { name: "Trustee name (placeholder)", role: "Trustee" },
];

export const officers: TrusteeOrOfficer[] = [
  { name: "Officer name (placeholder)", role: "Company Secretary" },
  { name: "Officer name (placeholder)", role: "Projects Officer" },
  { name: "Officer name (placeholder)", role: "Fundraising and Volunteers Officer" },
];
