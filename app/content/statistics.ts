// Every figure is defined once. The specification's figures disagree with each other
// (10 countries on the home page, 19 in the history and the admin statistics; 15+ years
// on the home and donate pages, 18+ in the admin); each page shows the one the specification
// gives it, so the charity can reconcile them here in one place.

export const homeStatistics = [
  { value: "15+", label: "Years of Service" },
  { value: "10", label: "Countries Reached" },
  { value: "35+", label: "Hospitals & Clinics Supported" },
  { value: "2000+", label: "Lives Impacted" },
] as const;

export const adminStatistics = {
  yearsOfService: "18+",
  countries: "19",
  hospitalsSupported: "35+",
} as const;

export const historyCountries = 19;

export const donateYearsOfImpact = "15+";
