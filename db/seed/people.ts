/** The demo users. Every one signs in with DEMO_PASSWORD. */

export const DEMO_PASSWORD = "demo-pass-2026";

/**
 * Fixed ids shaped like UUIDv7 (version 7, RFC variant), so they pass the API's id validation and
 * a second run finds the same rows. `table` keeps the ids of different tables apart.
 */
export function seedId(table: number, n: number): string {
  const t = table.toString(16).padStart(4, "0");
  const s = n.toString(16).padStart(12, "0");
  return `0193c000-${t}-7000-8000-${s}`;
}

export type SeedUser = {
  key: string;
  email: string;
  fullName: string;
  username: string;
  profession: string;
  location: string;
  bio: string;
  website: string | null;
  birthDate: string | null;
  phone: string | null;
  platformRole: "staff" | null;
  /** How long before the seed run the account was created. */
  daysAgo: number;
};

export const USERS: SeedUser[] = [
  {
    key: "nino",
    email: "staff@example.com",
    fullName: "Nino Beridze",
    username: "nino.beridze",
    profession: "Trust & Safety Lead",
    location: "Tbilisi, Georgia",
    bio: "I review new communities and keep the platform friendly. If something looks off, report it and I will take a look.",
    website: null,
    birthDate: "1988-03-14",
    phone: null,
    platformRole: "staff",
    daysAgo: 120,
  },
  {
    key: "ana",
    email: "ana@example.com",
    fullName: "Ana Kapanadze",
    username: "ana.kapanadze",
    profession: "Founder coach & front-end engineer",
    location: "Tbilisi, Georgia",
    bio: "I run Tbilisi Startup Circle and teach modern React at Frontend Craft. Trail runner on weekends, coffee snob on weekdays.",
    website: "https://ana-kapanadze.example.com",
    birthDate: "1990-07-02",
    phone: "+995555123456",
    platformRole: null,
    daysAgo: 95,
  },
  {
    key: "giorgi",
    email: "giorgi@example.com",
    fullName: "Giorgi Maisuradze",
    username: "giorgi.m",
    profession: "Product Manager at a fintech startup",
    location: "Tbilisi, Georgia",
    bio: "Building payments for small businesses in the Caucasus. Learning React in the evenings, running hills on Saturdays.",
    website: null,
    birthDate: "1993-11-21",
    phone: null,
    platformRole: null,
    daysAgo: 80,
  },
  {
    key: "luka",
    email: "luka@example.com",
    fullName: "Luka Tsiklauri",
    username: "luka.codes",
    profession: "Full-stack developer",
    location: "Batumi, Georgia",
    bio: "Maker of Invoicely, simple invoices for Georgian shops. TypeScript everywhere, sea swims before work.",
    website: "https://invoicely.example.com",
    birthDate: "1995-05-09",
    phone: null,
    platformRole: null,
    daysAgo: 75,
  },
  {
    key: "mariam",
    email: "mariam@example.com",
    fullName: "Mariam Gelashvili",
    username: "mariam.designs",
    profession: "Senior UX designer",
    location: "Tbilisi, Georgia",
    bio: "Design systems, usability tests and honest landing-page teardowns. Ask me about onboarding flows.",
    website: "https://mariam-gelashvili.example.com",
    birthDate: null,
    phone: null,
    platformRole: null,
    daysAgo: 70,
  },
  {
    key: "dato",
    email: "dato@example.com",
    fullName: "Davit Lomidze",
    username: "dato.runs",
    profession: "Mountain guide & running coach",
    location: "Stepantsminda, Georgia",
    bio: "Guiding in Kazbegi since 2014. I coach beginners to their first trail half marathon.",
    website: null,
    birthDate: "1986-01-30",
    phone: "+995599765432",
    platformRole: null,
    daysAgo: 66,
  },
  {
    key: "salome",
    email: "salome@example.com",
    fullName: "Salome Chikovani",
    username: "salome.c",
    profession: "Growth marketing lead",
    location: "Kutaisi, Georgia",
    bio: "Lifecycle email, paid social and far too many spreadsheets. Hiring for my team this quarter.",
    website: null,
    birthDate: null,
    phone: null,
    platformRole: null,
    daysAgo: 62,
  },
  {
    key: "irakli",
    email: "irakli@example.com",
    fullName: "Irakli Jorbenadze",
    username: "irakli.dev",
    profession: "Junior front-end developer",
    location: "Rustavi, Georgia",
    bio: "Career switcher from teaching. Building a gamified English app for Georgian teens.",
    website: null,
    birthDate: "1998-09-12",
    phone: null,
    platformRole: null,
    daysAgo: 50,
  },
  {
    key: "tamar",
    email: "tamar@example.com",
    fullName: "Tamar Abashidze",
    username: "tamar.data",
    profession: "Data analyst",
    location: "Tbilisi, Georgia",
    bio: "SQL, dashboards and long runs. Currently training for my first 21 km trail race.",
    website: null,
    birthDate: null,
    phone: null,
    platformRole: null,
    daysAgo: 45,
  },
];

export const userIdOf = new Map(USERS.map((u, i) => [u.key, seedId(1, i + 1)]));

export function uid(key: string): string {
  const id = userIdOf.get(key);
  if (!id) throw new Error(`seed: unknown user ${key}`);
  return id;
}
