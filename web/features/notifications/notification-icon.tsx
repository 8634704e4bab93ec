import {
  AtSign,
  Award,
  Bell,
  BookOpen,
  CalendarClock,
  CalendarPlus,
  GraduationCap,
  Heart,
  Mail,
  Megaphone,
  MessageCircle,
  MessageSquare,
  Reply,
  ShieldCheck,
  ThumbsUp,
  UserPlus,
  type LucideIcon,
} from "lucide-react";

const icons: Record<string, LucideIcon> = {
  POST_LIKE: Heart,
  COMMENT_LIKE: ThumbsUp,
  POST_COMMENT: MessageSquare,
  COMMENT_REPLY: Reply,
  MESSAGE: MessageCircle,
  EVENT_CREATED: CalendarPlus,
  EVENT_REMINDER: CalendarClock,
  COURSE_ENROLLMENT: BookOpen,
  COURSE_COMPLETED: GraduationCap,
  ACHIEVEMENT_EARNED: Award,
  COMMUNITY_JOIN: UserPlus,
  COMMUNITY_INVITE: Mail,
  COMMUNITY_ROLE_CHANGE: ShieldCheck,
  MENTION: AtSign,
  SYSTEM_ANNOUNCEMENT: Megaphone,
};

/** Unknown types get a bell (spec 000 section 3). */
export function NotificationIcon({ type, className }: { type: string; className?: string }) {
  const Icon = icons[type] ?? Bell;
  return <Icon className={className} aria-hidden="true" />;
}
