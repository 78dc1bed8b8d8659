export type ProjectStatus = "Active" | "Completed" | "Planned";

export interface Project {
  slug: string;
  title: string;
  /** The specification gives the cards an empty description; a short summary is used. */
  summary: string;
  status: ProjectStatus;
  image: string;
  imageAlt: string;
  gallery: { src: string; alt: string }[];
}

const gallery = (slug: string, alts: string[]) =>
  alts.map((alt, i) => ({ src: `/images/projects/${slug}-${i + 1}.svg`, alt }));

/** The four Active projects shown as cards, then the footer's projects (not Active). */
export const projects: Project[] = [
  {
    slug: "flood-relief",
    title: "Food and Flood Relief",
    summary: "Food parcels, clean water and shelter for families after floods.",
    status: "Active",
    image: "/images/projects/flood-relief.svg",
    imageAlt: "Volunteers carrying food parcels through flood water",
    gallery: gallery("flood-relief", ["Food parcels packed for delivery", "Clean water distribution", "Temporary shelters"]),
  },
  {
    slug: "primary-care",
    title: "Primary Care Assistance",
    summary: "Support for clinics and hospitals that give everyday medical care.",
    status: "Active",
    image: "/images/projects/primary-care.svg",
    imageAlt: "A doctor examining a patient at a clinic",
    gallery: gallery("primary-care", ["A mobile clinic", "Medical supplies", "A consultation room"]),
  },
  {
    slug: "education",
    title: "Educational Assistance",
    summary: "Supplementary classes and IT equipment so students keep learning.",
    status: "Active",
    image: "/images/projects/education.svg",
    imageAlt: "Students in a classroom with laptops",
    gallery: gallery("education", ["A supplementary class", "Laptops for online learning", "Books and materials"]),
  },
  {
    slug: "public-health",
    title: "Public Health Supports",
    summary: "Screening, vaccination and health education in rural communities.",
    status: "Active",
    image: "/images/projects/public-health.svg",
    imageAlt: "A health worker giving a vaccination",
    gallery: gallery("public-health", ["A screening day", "Vaccination outreach", "Health education session"]),
  },
  {
    slug: "palliative-care",
    title: "Palliative Care",
    summary: "Comfort and dignity for patients with life-limiting illness.",
    status: "Planned",
    image: "/images/projects/palliative-care.svg",
    imageAlt: "A nurse holding a patient's hand",
    gallery: gallery("palliative-care", ["A quiet care room", "Home visits"]),
  },
  {
    slug: "water-filtration",
    title: "Water Filtration",
    summary: "Filters and wells that bring safe drinking water to villages.",
    status: "Completed",
    image: "/images/projects/water-filtration.svg",
    imageAlt: "A water filter beside a village well",
    gallery: gallery("water-filtration", ["A new well", "Household water filters"]),
  },
  {
    slug: "gender-equality",
    title: "Gender Equality",
    summary: "Health education and training that open doors for women and girls.",
    status: "Completed",
    image: "/images/projects/gender-equality.svg",
    imageAlt: "Women at a training workshop",
    gallery: gallery("gender-equality", ["A training workshop", "A health education class"]),
  },
];

export const projectCards = projects.slice(0, 4);

export function getProject(slug: string): Project | undefined {
  return projects.find((p) => p.slug === slug);
}
