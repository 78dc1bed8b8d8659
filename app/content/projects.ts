export type ProjectStatus = "Active" | "Completed" | "Planned";

export interface Project {
  slug: string;
  title: string;
  /** The specification gives the cards an empty description; a short summary is used. */
  summary: string;
  status: ProjectStatus;
  image: string;
  imageAlt: string;
  gallery: ProjectImage[];
}

export interface ProjectImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** Every project picture (card and gallery) is drawn on the same 8:5 canvas. */
export const PROJECT_IMAGE_SIZE = { width: 800, height: 500 } as const;

const gallery = (slug: string, alts: string[]): ProjectImage[] =>
  alts.map((alt, i) => ({ src: `/images/projects/${slug}-${i + 1}.svg`, alt, ...PROJECT_IMAGE_SIZE }));

/** The four Active projects shown as cards, then the footer's projects (not Active). */
export const projects: Project[] = [
  {
    slug: "flood-relief",
    title: "Food and Flood Relief",
    summary: "Food parcels, clean water and shelter for families after floods.",
    status: "Active",
    image: "/images/projects/flood-relief.svg",
    imageAlt: "Volunteers carrying food parcels through flood water",
    gallery: gallery("flood-relief", [
      "Food parcels packed for delivery",
      "Volunteers handing out bottled clean water",
      "Temporary shelter tents",
    ]),
  },
  {
    slug: "primary-care",
    title: "Primary Care Assistance",
    summary: "Support for clinics and hospitals that give everyday medical care.",
    status: "Active",
    image: "/images/projects/primary-care.svg",
    imageAlt: "Two patients arriving at a village clinic",
    gallery: gallery("primary-care", [
      "A mobile clinic van marked with a red cross",
      "Medical supplies and medicine bottles on a table",
      "A doctor and a patient in a consultation room",
    ]),
  },
  {
    slug: "education",
    title: "Educational Assistance",
    summary: "Supplementary classes and IT equipment so students keep learning.",
    status: "Active",
    image: "/images/projects/education.svg",
    imageAlt: "A classroom with a blackboard and laptops",
    gallery: gallery("education", [
      "A teacher and a student at the blackboard of a supplementary class",
      "Laptops for online learning",
      "A stack of books on a table",
    ]),
  },
  {
    slug: "public-health",
    title: "Public Health Supports",
    summary: "Screening, vaccination and health education in rural communities.",
    status: "Active",
    image: "/images/projects/public-health.svg",
    imageAlt: "A health worker and a patient beside a vaccination syringe",
    gallery: gallery("public-health", [
      "People queueing at a health screening tent",
      "A vaccination syringe at an outreach day",
      "A health education session with a heart drawn on the board",
    ]),
  },
  {
    slug: "palliative-care",
    title: "Palliative Care",
    summary: "Comfort and dignity for patients with life-limiting illness.",
    status: "Planned",
    image: "/images/projects/palliative-care.svg",
    imageAlt: "A nurse beside a patient resting in bed",
    gallery: gallery("palliative-care", [
      "A quiet care room with a bed, a window and a plant",
      "A carer arriving for a home visit",
    ]),
  },
  {
    slug: "water-filtration",
    title: "Water Filtration",
    summary: "Filters and wells that bring safe drinking water to villages.",
    status: "Completed",
    image: "/images/projects/water-filtration.svg",
    imageAlt: "A water filter beside a village well",
    gallery: gallery("water-filtration", ["A new village well", "Household water filters"]),
  },
  {
    slug: "gender-equality",
    title: "Gender Equality",
    summary: "Health education and training that open doors for women and girls.",
    status: "Completed",
    image: "/images/projects/gender-equality.svg",
    imageAlt: "Women at a training workshop in front of a blackboard",
    gallery: gallery("gender-equality", [
      "Women studying together at a workshop table",
      "A health education class with a heart drawn on the board",
    ]),
  },
];

export const projectCards = projects.slice(0, 4);

export function getProject(slug: string): Project | undefined {
  return projects.find((p) => p.slug === slug);
}

/** Recent Projects lists only the projects still running. */
export const activeProjects = projects.filter((p) => p.status === "Active");
