export interface HeroSlide {
  src: string;
  alt: string;
  caption: string;
}

/** The home page slideshow: four slides, advanced every HERO_INTERVAL_MS with JavaScript. */
export const HERO_INTERVAL_MS = 5000;

export const HERO_IMAGE_SIZE = { width: 1200, height: 500 } as const;

export const heroSlides: HeroSlide[] = [
  {
    src: "/images/hero/slide-1.svg",
    alt: "Illustration of a family walking to a village clinic",
    caption: "Primary care clinics bring everyday medicine closer to home.",
  },
  {
    src: "/images/hero/slide-2.svg",
    alt: "Illustration of a classroom with a blackboard and laptops",
    caption: "Supplementary education and IT equipment keep students learning.",
  },
  {
    src: "/images/hero/slide-3.svg",
    alt: "Illustration of volunteers carrying food parcels through flood water",
    caption: "Food parcels and clean water reach families after floods.",
  },
  {
    src: "/images/hero/slide-4.svg",
    alt: "Illustration of a community standing together beneath a heart",
    caption: "We work hand in hand with local partners and communities.",
  },
];
