import { donateYearsOfImpact } from "./statistics";

// Donate page content. Amounts are whole pounds; the pledge itself is stored in pence.

export const donationTypes = [
  { value: "one-time", label: "One-time" },
  { value: "monthly", label: "Monthly" },
] as const;

export type DonationType = (typeof donationTypes)[number]["value"];

export const donationTypeLabel = (type: DonationType): string =>
  donationTypes.find((t) => t.value === type)?.label ?? type;

/** Preset amounts in pounds, in the order they are offered. */
export const presetAmounts = [25, 50, 100, 250, 500] as const;

export const donateHero = {
  title: "Make a Difference Today",
  lead: "Your gift funds medical care, education and relief for communities that need it most.",
} as const;

/** What a gift can pay for. */
export const valueExamples = [
  { amount: 25, title: "General Fund", description: "Goes where the need is greatest across all our projects." },
  { amount: 50, title: "Education Support", description: "IT equipment for online learning." },
  {
    amount: 125,
    title: "Prosthetic limb support",
    description: "Fitting, physiotherapy and training for one leg.",
  },
] as const;

export const reasonsToDonate = [
  {
    title: "100% of donations go to projects",
    description: "Every penny you give goes to our projects on the ground.",
  },
  {
    title: `${donateYearsOfImpact} years of impact`,
    description: "We have supported hospitals, clinics and schools since 2010, and we know what works.",
  },
  {
    title: "Care where it is needed most",
    description: "Primary care, education, public health and emergency relief for communities others cannot reach.",
  },
] as const;

/** The Gift Aid card; its wording and rate live with the declaration in ./gift-aid. */
export { giftAidInfo as giftAid } from "./gift-aid";

/** Said plainly, because no card processor is connected to this site. */
export const paymentNote =
  "We do not take card payments on this website. When you press Donate we record your pledge and give you a payment reference; please then send your gift by bank transfer using that reference, so we can match it to you.";

/** With Stripe configured: how the donor pays (card first, the default). */
export const payByOptions = [
  { value: "card", label: "Pay now by card", hint: "Card, Apple Pay or Google Pay, on Stripe's secure payment page." },
  {
    value: "bank",
    label: "Pledge and pay by bank transfer",
    hint: "We give you a reference to quote with your transfer.",
  },
] as const;

export type PayBy = (typeof payByOptions)[number]["value"];

/** Under the form when card payments are on. */
export const cardPaymentNote =
  "To pay by card you go on to Stripe's payment page; your card details never reach this website. To pay by bank transfer, we record your pledge and give you a payment reference.";
