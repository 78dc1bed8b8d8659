export interface Need {
  title: string;
  text: string;
  /** Accessible name of the card's donate link, so the three links are distinguishable. */
  linkLabel: string;
}

/** The home page's Current Needs: each card leads to the donate page. */
export const currentNeeds: Need[] = [
  {
    title: "Prosthetic Limb Centre",
    text: "A gift of £125 covers the fitting, physiotherapy and training for one leg, so that a patient can walk again.",
    linkLabel: "Donate to the prosthetic limb centre",
  },
  {
    title: "Supplementary Education",
    text: "Classes and IT equipment for online learning help students keep up with their studies. £50 buys equipment for one learner.",
    linkLabel: "Donate to supplementary education",
  },
  {
    title: "Healthcare Access",
    text: "Medicines, supplies and staff for the clinics and hospitals we support, reaching families who cannot travel far for care.",
    linkLabel: "Donate to healthcare access",
  },
];
