import { useNavigate } from "@tanstack/react-router";
import { MessageCircle } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { CommunityMember } from "../../../common/contract/members";
import { LevelBadge } from "../../components/level-badge";
import { ProfileLink } from "../../components/profile-link";
import { Avatar } from "../../components/ui/avatar";
import { Badge } from "../../components/ui/badge";
import { buttonClasses } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { useStartDirect } from "../../lib/conversations";
import { useErrorMessage } from "../../lib/errors";
import { useFormatter } from "../../lib/format/formatter";
import { toast } from "../../lib/toast";

const roleStyles = {
  owner: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  admin: "bg-primary/10 text-primary",
  moderator: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  member: "",
} as const;

type MemberCardProps = {
  member: CommunityMember;
  online: boolean;
  isMe: boolean;
  levelName: (level: number) => string;
  /** What the reader may do to this member beyond messaging them (remove, ban), when anything. */
  actions?: ReactNode;
};

/** One member: avatar with level and online dot, name, profession, role, join date, points, Message. */
export function MemberCard({ member, online, isMe, levelName, actions }: MemberCardProps) {
  const { t } = useTranslation("members");
  const format = useFormatter();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const start = useStartDirect();
  const role = member.isOwner ? "owner" : member.role;
  // Opened in a new tab, the link starts the chat there (/new-chat); a plain click starts it here.
  const chat = `/new-chat?user=${encodeURIComponent(member.id)}`;
  const startChat = () =>
    start.mutate(member.id, {
      onSuccess: ({ conversation }) => void navigate({ to: "/chat/$id", params: { id: conversation.id } }),
      onError: (err) => toast({ variant: "destructive", title: t("startFailed"), description: errorMessage(err) }),
    });
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 shadow-sm sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="relative shrink-0">
          <ProfileLink userId={member.id} duplicate>
            <Avatar src={member.avatarUrl} name={member.fullName} size="lg" />
          </ProfileLink>
          <LevelBadge level={member.level} label={levelName(member.level)} />
          <span
            data-testid="online-dot"
            data-online={online}
            title={online ? t("online") : t("offline")}
            className={cn(
              "absolute top-0 right-0 h-3.5 w-3.5 rounded-full ring-2 ring-surface",
              online ? "bg-emerald-500" : "bg-muted-foreground/40",
            )}
          />
        </span>
        <div className="min-w-0 space-y-1">
          <h2 className="flex flex-wrap items-center gap-2 font-semibold text-foreground">
            <ProfileLink userId={member.id} className="truncate">
              {member.fullName}
            </ProfileLink>
            {isMe && <span className="text-sm font-normal text-muted-foreground">({t("you")})</span>}
            <span className="sr-only">, {online ? t("online") : t("offline")}</span>
          </h2>
          {member.profession && <p className="truncate text-sm text-muted-foreground">{member.profession}</p>}
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <Badge className={roleStyles[role]}>{t(`roles.${role}`)}</Badge>
            <span>{levelName(member.level)}</span>
            <span aria-hidden="true">·</span>
            <span>{t("points", { count: member.points })}</span>
            <span aria-hidden="true">·</span>
            <span>{t("joined", { date: format.longDate(member.joinedAt) })}</span>
          </div>
        </div>
      </div>
      {!isMe && (
        <div className="flex items-center gap-2 sm:self-center">
          <a
            href={chat}
            onClick={(e) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
              e.preventDefault();
              if (!start.isPending) startChat();
            }}
            aria-label={t("messageTo", { name: member.fullName })}
            aria-busy={start.isPending || undefined}
            className={buttonClasses({ variant: "outline", size: "sm" })}
          >
            {start.isPending ? <Spinner size="sm" decorative /> : <MessageCircle className="h-4 w-4" aria-hidden="true" />}
            {t("message")}
          </a>
          {actions}
        </div>
      )}
    </li>
  );
}

export function MemberSkeletons({ label }: { label: string }) {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">{label}</span>
      {[0, 1, 2, 3].map((i) => (
        <div
          key={i}
          aria-hidden="true"
          className="flex animate-pulse items-center gap-3 rounded-2xl border border-border bg-surface p-4"
        >
          <div className="h-16 w-16 rounded-full bg-muted" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-1/3 rounded bg-muted" />
            <div className="h-3 w-1/4 rounded bg-muted" />
            <div className="h-3 w-1/2 rounded bg-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}
