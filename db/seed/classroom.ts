/** The demo course: videos, enrollments and which videos each learner completed. */

export const COURSE = {
  key: "modern-react",
  community: "frontend",
  creator: "ana",
  title: "Modern React: from zero to production",
  description:
    "Components, state, hooks and a complete app you deploy yourself. Four lessons, each with a small exercise to post in the community.",
  createdDaysAgo: 42,
  videos: [
    {
      title: "Why React, in 100 seconds",
      description: "What React is for and the ideas the rest of the course builds on.",
      videoUrl: "https://www.youtube.com/embed/Tn6-PIqc4UM",
      seconds: 128,
    },
    {
      title: "Components, props and state",
      description: "Build your first components and learn where state should live.",
      videoUrl: "https://www.youtube.com/embed/SqcY0GlETPk",
      seconds: 4788,
    },
    {
      title: "The hooks you will use every day",
      description: "useState, useEffect, useMemo, useRef and friends, with the mistakes to avoid.",
      videoUrl: "https://www.youtube.com/embed/TNhaISOUy6Q",
      seconds: 795,
    },
    {
      title: "Building and shipping a complete app",
      description: "From an empty folder to a deployed task tracker.",
      videoUrl: "https://www.youtube.com/embed/w7ejDZ8SWv8",
      seconds: 6480,
    },
  ],
  /** Completed video indexes per enrolled user. */
  enrollments: [
    { user: "mariam", daysAgo: 38, completed: [0, 1, 2, 3] },
    { user: "irakli", daysAgo: 24, completed: [0] },
    { user: "giorgi", daysAgo: 19, completed: [0, 1] },
  ],
};
