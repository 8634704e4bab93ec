/** Demo conversations: a direct chat and a community group chat, with read positions. */

export type SeedMessage = {
  key: string;
  sender: string;
  content: string;
  /** Minutes before the seed run. */
  minutesAgo: number;
  replyTo?: string;
  reactions?: { user: string; emoji: string }[];
};

export type SeedConversation = {
  key: string;
  type: "direct" | "group";
  name: string | null;
  description: string | null;
  community: string | null;
  creator: string;
  createdDaysAgo: number;
  /** The message key each participant has read up to (null = none). */
  participants: { user: string; role: "admin" | "member"; readUpTo: string | null }[];
  messages: SeedMessage[];
};

const MINUTES_PER_DAY = 24 * 60;

export const CONVERSATIONS: SeedConversation[] = [
  {
    key: "ana-giorgi",
    type: "direct",
    name: null,
    description: null,
    community: null,
    creator: "giorgi",
    createdDaysAgo: 3,
    participants: [
      { user: "giorgi", role: "member", readUpTo: "coffee" },
      { user: "ana", role: "member", readUpTo: "deck" },
    ],
    messages: [
      {
        key: "thanks",
        sender: "giorgi",
        content: "Hi Ana! Thanks for the quick feedback on the memo yesterday.",
        minutesAgo: 3 * MINUTES_PER_DAY,
      },
      {
        key: "clearer",
        sender: "ana",
        content: "Any time! The traction slide is much clearer now.",
        minutesAgo: 3 * MINUTES_PER_DAY - 5,
        reactions: [{ user: "giorgi", emoji: "👍" }],
      },
      {
        key: "coffee",
        sender: "giorgi",
        content: "Would you be up for a coffee next week? I'd love to hear how you structured your seed round.",
        minutesAgo: 3 * MINUTES_PER_DAY - 12,
      },
      {
        key: "tuesday",
        sender: "ana",
        content: "Sure! Tuesday at 10 at Stamba?",
        minutesAgo: MINUTES_PER_DAY + 30,
        replyTo: "coffee",
      },
      {
        key: "deck",
        sender: "ana",
        content: "Also bring the updated deck, happy to go through it once more.",
        minutesAgo: MINUTES_PER_DAY + 29,
      },
    ],
  },
  {
    key: "founders-lounge",
    type: "group",
    name: "Founders Lounge",
    description: "Off-the-record chat for founders in the circle.",
    community: "startup",
    creator: "ana",
    createdDaysAgo: 2.5,
    participants: [
      { user: "ana", role: "admin", readUpTo: "intro" },
      { user: "giorgi", role: "member", readUpTo: "pilot" },
      { user: "luka", role: "member", readUpTo: "brief" },
      { user: "mariam", role: "member", readUpTo: "time" },
    ],
    messages: [
      {
        key: "blocker",
        sender: "ana",
        content: "Welcome to the Founders Lounge! What's everyone's biggest blocker this week?",
        minutesAgo: 2 * MINUTES_PER_DAY,
      },
      {
        key: "designer",
        sender: "luka",
        content: "Finding a designer for two weeks of onboarding work.",
        minutesAgo: 2 * MINUTES_PER_DAY - 20,
      },
      {
        key: "time",
        sender: "mariam",
        content: "I might have time from the 15th. Send me a message.",
        minutesAgo: 2 * MINUTES_PER_DAY - 25,
        replyTo: "designer",
        reactions: [{ user: "luka", emoji: "👍" }],
      },
      {
        key: "pilot",
        sender: "giorgi",
        content: "Closing a pilot with a bank; their legal review is taking forever.",
        minutesAgo: MINUTES_PER_DAY - 60,
      },
      {
        key: "intro",
        sender: "ana",
        content: "Giorgi, I know someone on their legal team. I'll introduce you tonight.",
        minutesAgo: 5 * 60,
        reactions: [
          { user: "giorgi", emoji: "❤️" },
          { user: "mariam", emoji: "🎉" },
        ],
      },
      {
        key: "brief",
        sender: "luka",
        content: "Mariam, I sent you the brief 🙌",
        minutesAgo: 2 * 60,
      },
    ],
  },
];
