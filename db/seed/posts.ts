/** Demo posts with their comments, replies and likes (user keys). Times derive from the post's age. */

export type SeedReply = { author: string; content: string; likes?: string[] };
export type SeedComment = SeedReply & { replies?: SeedReply[] };

export type SeedPost = {
  key: string;
  community: string;
  author: string;
  topic: string | null;
  headline: string | null;
  content: string;
  daysAgo: number;
  pinned?: boolean;
  likes: string[];
  comments: SeedComment[];
};

const startup: SeedPost[] = [
  {
    key: "welcome",
    community: "startup",
    author: "ana",
    topic: "announcements",
    headline: "Welcome to Tbilisi Startup Circle 👋",
    content:
      "This is the place to ask for intros, share what you are building and get straight feedback.\n\nStart by introducing yourself in the comments: what are you working on, and what would help you most this month?\n\nHouse rules: be kind, be specific, no cold pitching in DMs.",
    daysAgo: 58,
    pinned: true,
    likes: ["giorgi", "luka", "mariam", "dato", "salome", "tamar"],
    comments: [
      {
        author: "giorgi",
        content: "Giorgi here, PM at a payments startup. Looking to meet founders working on B2B SaaS for the region.",
        likes: ["ana", "luka"],
        replies: [
          {
            author: "ana",
            content: "Welcome Giorgi! You should talk to Luka, he is building invoicing for small shops.",
            likes: ["giorgi"],
          },
          { author: "luka", content: "Happy to chat, Giorgi. Send me a message any time." },
        ],
      },
      {
        author: "mariam",
        content: "Mariam, UX designer. Offering free 30-minute UX reviews to anyone here who is pre-launch.",
        likes: ["ana", "giorgi", "tamar"],
        replies: [{ author: "tamar", content: "Taking you up on that! Sending a calendar invite." }],
      },
    ],
  },
  {
    key: "investor-calls",
    community: "startup",
    author: "giorgi",
    topic: "fundraising",
    headline: "What I learned from 40 investor calls",
    content:
      "We closed our pre-seed last month after about forty calls. Three things I would tell myself at the start:\n\n1. Warm intros convert roughly five times better than cold emails.\n2. Have a one-page memo ready; half the investors read it before the deck.\n3. Ask every 'no' who else they would send you to.\n\nHappy to review anyone's memo.",
    daysAgo: 20,
    likes: ["ana", "luka", "mariam", "salome", "irakli", "tamar"],
    comments: [
      {
        author: "ana",
        content: "Point 3 is underrated. Most of our seed round came from referrals by people who passed.",
        likes: ["giorgi", "salome"],
      },
      {
        author: "irakli",
        content: "Did you raise from local angels or mostly from abroad?",
        replies: [
          {
            author: "giorgi",
            content: "About half and half. Local angels moved faster; funds abroad wrote bigger cheques.",
            likes: ["irakli"],
          },
        ],
      },
    ],
  },
  {
    key: "invoicely",
    community: "startup",
    author: "luka",
    topic: "product",
    headline: "Launched: Invoicely public beta",
    content:
      "After six months of evenings and weekends, Invoicely is in public beta. It makes VAT-compliant invoices for Georgian small businesses in under a minute and sends them by SMS.\n\nI'd love feedback from anyone who runs a shop or freelances.",
    daysAgo: 15,
    likes: ["ana", "giorgi", "mariam", "dato"],
    comments: [
      {
        author: "mariam",
        content: "Onboarding is really smooth. One note: the currency picker hides GEL below the fold on mobile.",
        replies: [{ author: "luka", content: "Good catch, fixing it today. Thank you!", likes: ["mariam"] }],
      },
    ],
  },
  {
    key: "growth-hire",
    community: "startup",
    author: "salome",
    topic: "hiring",
    headline: "We're hiring a growth marketer (Kutaisi or remote)",
    content:
      "Our team is looking for a growth marketer with 2+ years of experience in paid social and lifecycle email. Georgian and English required, Russian is a plus.\n\nSend me a message with a short note about a campaign you are proud of.",
    daysAgo: 12,
    likes: ["ana", "tamar"],
    comments: [{ author: "tamar", content: "Shared it with two friends who would be a great fit." }],
  },
  {
    key: "analytics",
    community: "startup",
    author: "tamar",
    topic: "product",
    headline: "Which analytics stack are you using?",
    content:
      "We are choosing between PostHog and a plain warehouse with Metabase. Team of four, mostly web traffic. What are you running and what do you regret?",
    daysAgo: 9,
    likes: ["giorgi", "luka"],
    comments: [
      {
        author: "luka",
        content: "PostHog. Self-hosting was more work than expected; the cloud plan is fine at our size.",
        likes: ["tamar"],
      },
      {
        author: "giorgi",
        content: "A warehouse and Metabase once you have a data person. Before that, PostHog.",
        likes: ["tamar", "luka"],
      },
    ],
  },
  {
    key: "founders-run",
    community: "startup",
    author: "dato",
    topic: null,
    headline: "Founders who run",
    content:
      "Anyone up for a Saturday morning run before the founder breakfast? Easy 8 km around Turtle Lake, we finish by 9:30.",
    daysAgo: 6,
    likes: ["ana", "salome"],
    comments: [{ author: "salome", content: "Count me in!" }],
  },
  {
    key: "pitch-night",
    community: "startup",
    author: "ana",
    topic: "announcements",
    headline: "Pitch Night: applications are open",
    content:
      "Five startups will pitch to a panel of local angels at our next Pitch Night (see the Calendar).\n\nApply by posting a two-line summary in the comments. Priority for companies that haven't raised yet.",
    daysAgo: 3,
    likes: ["giorgi", "luka", "mariam", "irakli"],
    comments: [
      {
        author: "irakli",
        content: "Gamified English lessons for Georgian teens. 600 weekly users, no funding yet.",
        likes: ["ana"],
        replies: [{ author: "ana", content: "Love it, you're on the shortlist." }],
      },
    ],
  },
  {
    key: "ux-teardown",
    community: "startup",
    author: "mariam",
    topic: "product",
    headline: "Free UX teardown: send me your landing page",
    content:
      "I have two free slots this week for a recorded teardown of your landing page. I'll cover clarity, trust signals and the sign-up flow. First two comments get it.",
    daysAgo: 2,
    likes: ["luka", "tamar", "salome"],
    comments: [
      { author: "luka", content: "Me please! invoicely.example.com" },
      { author: "salome", content: "Would love one for our hiring page too." },
    ],
  },
  {
    key: "pre-revenue",
    community: "startup",
    author: "irakli",
    topic: "fundraising",
    headline: "Do angels in Georgia invest pre-revenue?",
    content:
      "Trying to figure out whether it is worth pitching local angels before we have paying users, or whether we should wait for our first 50 customers.",
    daysAgo: 0.85,
    likes: ["giorgi"],
    comments: [
      {
        author: "giorgi",
        content:
          "Some do, if the team is strong and the market is obvious. Get ten customers first though; it changes the conversation.",
      },
    ],
  },
];

const frontend: SeedPost[] = [
  {
    key: "start-here",
    community: "frontend",
    author: "ana",
    topic: "announcements",
    headline: "Start here: how Frontend Craft works",
    content:
      "Every month we release a new module in the Classroom, hold a live code review on Thursdays and run a small challenge.\n\nPost your questions under the React or CSS topics so others can find them later. Your first task: finish lesson one of 'Modern React' and share what surprised you.",
    daysAgo: 44,
    pinned: true,
    likes: ["giorgi", "mariam", "irakli", "luka"],
    comments: [
      {
        author: "irakli",
        content: "The part about derived state surprised me. I've been syncing state with useEffect everywhere.",
        likes: ["ana", "mariam"],
        replies: [{ author: "ana", content: "Most of us have! Lesson three goes deeper into it." }],
      },
    ],
  },
  {
    key: "effect-twice",
    community: "frontend",
    author: "irakli",
    topic: "react",
    headline: "useEffect runs twice in development?",
    content: "My fetch runs twice locally but once in production. Is something wrong with my component?",
    daysAgo: 10,
    likes: ["luka"],
    comments: [
      {
        author: "luka",
        content:
          "That's StrictMode mounting components twice in development on purpose. Make the effect safe to run twice, or use a data library like TanStack Query.",
        likes: ["irakli", "giorgi"],
        replies: [{ author: "irakli", content: "That explains it, thank you!" }],
      },
    ],
  },
  {
    key: "container-queries",
    community: "frontend",
    author: "mariam",
    topic: "css",
    headline: "Container queries are finally everywhere",
    content:
      "I rebuilt our card grid with container queries instead of media queries and deleted 140 lines of CSS. Cards now adapt to the column they sit in, not the viewport. Snippet in the comments.",
    daysAgo: 7,
    likes: ["ana", "giorgi", "luka", "irakli"],
    comments: [
      {
        author: "mariam",
        content:
          ".card-list { container-type: inline-size; }\n@container (min-width: 480px) { .card { grid-template-columns: 120px 1fr; } }",
        likes: ["ana"],
      },
      {
        author: "giorgi",
        content: "Saving this. How is the support on older Safari?",
        replies: [
          {
            author: "mariam",
            content: "Safari 16+ supports them; we ship a simple one-column fallback for older versions.",
          },
        ],
      },
    ],
  },
  {
    key: "pm-to-fe",
    community: "frontend",
    author: "giorgi",
    topic: "career",
    headline: "From PM to front-end engineer?",
    content:
      "I've been coding on the side for a year. Has anyone here switched from product management to engineering? How did you prove yourself in interviews?",
    daysAgo: 4,
    likes: ["ana", "mariam"],
    comments: [
      {
        author: "ana",
        content:
          "Build two real projects end to end and write about the trade-offs you made. Your product sense is an advantage, so lean on it.",
        likes: ["giorgi"],
      },
    ],
  },
  {
    key: "rsc",
    community: "frontend",
    author: "luka",
    topic: "react",
    headline: "Server components or not, for a small SaaS?",
    content:
      "Starting a new dashboard. Tempted by React Server Components, but our API is already separate. Is it worth it for a team of two?",
    daysAgo: 1,
    likes: ["irakli"],
    comments: [{ author: "irakli", content: "Following, same question here." }],
  },
];

const runners: SeedPost[] = [
  {
    key: "first-21k",
    community: "runners",
    author: "dato",
    topic: "training",
    headline: "Beginner plan: your first 21 km trail in 12 weeks",
    content:
      "Three runs a week: one easy, one hills, one long. Increase the long run by no more than 10% a week and take every fourth week easy.\n\nWalk the steep climbs. Everyone does.",
    daysAgo: 28,
    pinned: true,
    likes: ["ana", "salome", "tamar", "luka", "giorgi"],
    comments: [
      {
        author: "tamar",
        content: "Starting this week! Is it fine to do the hill session on a treadmill?",
        likes: ["dato"],
        replies: [{ author: "dato", content: "Yes. Set an 8-10% incline and keep the effort conversational." }],
      },
    ],
  },
  {
    key: "kazbegi-report",
    community: "runners",
    author: "ana",
    topic: "race-reports",
    headline: "Kazbegi Trail 25K: race report",
    content:
      "Cold start at 7 am under Mount Kazbek, 1,300 m of climbing and the most beautiful finish line I've seen.\n\nI went out too fast on the first climb and paid for it at kilometre 18. Lesson learned: eat every 40 minutes, even when you don't feel like it.",
    daysAgo: 20,
    likes: ["dato", "salome", "tamar", "giorgi"],
    comments: [
      {
        author: "dato",
        content: "Great run, Ana! That last descent to Stepantsminda is brutal on the quads.",
        likes: ["ana"],
      },
      { author: "salome", content: "So inspiring. Signing up for next year." },
    ],
  },
  {
    key: "rocky-shoes",
    community: "runners",
    author: "salome",
    topic: "gear",
    headline: "Shoes for rocky Georgian trails?",
    content:
      "My road shoes were done after two runs on Mtatsminda. What do you wear on rocky, technical trails? Budget around 400 GEL.",
    daysAgo: 14,
    likes: ["tamar"],
    comments: [
      { author: "luka", content: "Anything with a rock plate and 4-5 mm lugs.", likes: ["salome"] },
      { author: "dato", content: "Try them on in the afternoon; your feet swell on long runs." },
    ],
  },
  {
    key: "strava",
    community: "runners",
    author: "tamar",
    topic: "training",
    headline: "Strava club?",
    content: "Should we make a club for the group so we can see each other's long runs? I'm happy to set it up.",
    daysAgo: 8,
    likes: ["dato", "ana"],
    comments: [{ author: "dato", content: "Yes please!" }],
  },
  {
    key: "batumi-10k",
    community: "runners",
    author: "luka",
    topic: "race-reports",
    headline: "Batumi Botanical Garden 10K",
    content:
      "Humid, muddy and fantastic. Finished in 58 minutes, a personal best on trails. The climb by the bamboo grove is steeper than it looks.",
    daysAgo: 5,
    likes: ["ana", "salome", "dato"],
    comments: [{ author: "ana", content: "Congratulations on the PB!", likes: ["luka"] }],
  },
  {
    key: "headlamp",
    community: "runners",
    author: "giorgi",
    topic: "gear",
    headline: "Headlamp recommendations",
    content: "Days are getting shorter. Looking for a headlamp that survives rain and stays put on bumpy descents.",
    daysAgo: 2,
    likes: ["dato"],
    comments: [{ author: "dato", content: "Anything with 300+ lumens and a rear strap. Bring spare batteries on long runs." }],
  },
];

export const POSTS: SeedPost[] = [...startup, ...frontend, ...runners];
