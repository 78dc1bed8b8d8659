import { site } from "./site";

export const welcome = {
  heading: `Welcome to ${site.name}`,
  intro:
    "We are the UK chapter of an international medical health charity. Since 2010 we have supported clinics, " +
    "hospitals, schools and relief work for communities in need, with the help of donors and volunteers across the UK.",
};

export const mission = {
  heading: "Our Mission",
  intro:
    "To improve the health and wellbeing of communities in need through medical care, education and lasting partnerships.",
  pillars: [
    {
      title: "Healthcare Access",
      text: "Supporting hospitals, clinics and mobile teams so that people can see a doctor, get treatment and receive the medicines they need.",
    },
    {
      title: "Education & Support",
      text: "Funding supplementary classes, IT equipment and health education so that children and adults can learn and stay well.",
    },
    {
      title: "Community Partnerships",
      text: "Working with local organisations, volunteers and sister chapters so that every project is led by the community it serves.",
    },
  ],
} as const;

export const closingCallToAction = {
  heading: "Be Part of the Change",
  text: "Whether you give your time, share your special day or make a donation, you help bring care and education to people who need it most.",
};
