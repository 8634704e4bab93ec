import { useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { Ban, MoreHorizontal, UserMinus } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { BanContentPolicy } from "../../../common/contract/enums";
import { MEMBER_ACTION_REASON_MAX } from "../../../common/contract/limits";
import type { CommunityMember } from "../../../common/contract/members";
import { CharCounter } from "../../components/char-counter";
import { Button, buttonClasses } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { DropdownMenu, MenuItem } from "../../components/ui/dropdown-menu";
import { Textarea } from "../../components/ui/input";
import { call } from "../../lib/api";
import { communityKeys } from "../../lib/community-keys";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useInitialFocus } from "../../lib/use-initial-focus";
import { RadioGroup } from "../../components/ui/radio-group";
import { membersKeys } from "./queries";

export type MemberAction = "remove" | "ban";
export type MemberActionTarget = { action: MemberAction; member: CommunityMember };

/** A card's "More actions" menu for those who may take the member out: Remove and Ban, each asking first. */
export function MemberActionsMenu({
  member,
  onChoose,
}: {
  member: CommunityMember;
  onChoose: (target: MemberActionTarget) => void;
}) {
  const { t } = useTranslation("members");
  const label = t("actions.menu", { name: member.fullName });
  return (
    <DropdownMenu
      triggerLabel={label}
      menuLabel={label}
      triggerClassName={buttonClasses({ variant: "ghost", size: "icon", className: "h-9 w-9 text-muted-foreground" })}
      // At the card's right edge on every width, so the menu opens inwards.
      className="ml-auto"
      contentClassName="absolute top-full right-0 z-30 mt-1 w-64"
      trigger={<MoreHorizontal className="h-5 w-5" aria-hidden="true" />}
    >
      <MenuItem onSelect={() => onChoose({ action: "remove", member })}>
        <UserMinus className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
        {t("actions.remove")}
      </MenuItem>
      <MenuItem onSelect={() => onChoose({ action: "ban", member })} className="text-destructive-text">
        <Ban className="h-4 w-4" aria-hidden="true" />
        {t("actions.ban")}
      </MenuItem>
    </DropdownMenu>
  );
}

type MembersPageData = InfiniteData<{ items: CommunityMember[] }>;
type Variables = MemberActionTarget & { reason: string; content: BanContentPolicy };

function useMemberAction(communityId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, member, reason, content }: Variables) => {
      const params = { id: communityId, userId: member.id };
      const why = reason.trim() || undefined;
      return action === "ban"
        ? call("POST /api/communities/:id/members/:userId/ban", { params, body: { reason: why, content } })
        : call("POST /api/communities/:id/members/:userId/remove", { params, body: { reason: why } });
    },
    onSuccess: (_, { member }) => {
      // The card goes at once; the lists then read again, for their counts and cursors.
      qc.setQueriesData<MembersPageData>({ queryKey: membersKeys.community(communityId) }, (data) =>
        data?.pages
          ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((m) => m.id !== member.id) })) }
          : data,
      );
      void qc.invalidateQueries({ queryKey: membersKeys.community(communityId) });
      // The community's screens in settings and on its page (members, counts, the banned list): each names
      // its kind, then the community.
      void qc.invalidateQueries({
        queryKey: communityKeys.all(),
        predicate: ({ queryKey }) => queryKey[2] === communityId,
      });
    },
  });
}

type MemberActionDialogProps = {
  community: { id: string; name: string };
  /** The member and what to do; null while closed. */
  target: MemberActionTarget | null;
  onCancel: () => void;
  /** After the member is out: the dialog is closed by the page, which also decides where focus goes. */
  onDone: (member: CommunityMember) => void;
};

/**
 * Asks before removing or banning a member: an optional reason (they read it in their notification), for
 * a ban what happens to their posts and comments, and what it means for them. The server's refusal shows
 * in the dialog.
 */
export function MemberActionDialog({ community, target, onCancel, onDone }: MemberActionDialogProps) {
  const { t } = useTranslation("members");
  const errorMessage = useErrorMessage();
  const fieldId = useId();
  const [reason, setReason] = useState("");
  const [content, setContent] = useState<BanContentPolicy>("keep");
  const mutation = useMemberAction(community.id);
  const reasonRef = useInitialFocus<HTMLTextAreaElement>(target !== null);
  const pending = mutation.isPending;

  const reset = () => {
    setReason("");
    setContent("keep");
    mutation.reset();
  };
  const cancel = () => {
    if (pending) return;
    reset();
    onCancel();
  };

  const action = target?.action ?? "remove";
  const name = target?.member.fullName ?? "";
  const submit = () => {
    if (!target || pending) return;
    mutation.mutate(
      { ...target, reason, content },
      {
        onSuccess: () => {
          toast({
            variant: "success",
            title: t(action === "ban" ? "actions.banned" : "actions.removed", { name, community: community.name }),
          });
          reset();
          onDone(target.member);
        },
      },
    );
  };

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && cancel()}
      title={t(action === "ban" ? "actions.banTitle" : "actions.removeTitle", { name })}
      description={t(action === "ban" ? "actions.banConsequence" : "actions.removeConsequence", {
        name,
        community: community.name,
      })}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="space-y-1.5">
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor={fieldId} className="text-sm font-medium text-foreground">
              {t("actions.reason")}
            </label>
            <CharCounter id={`${fieldId}-count`} length={reason.length} max={MEMBER_ACTION_REASON_MAX} />
          </div>
          <Textarea
            ref={reasonRef}
            id={fieldId}
            rows={3}
            value={reason}
            maxLength={MEMBER_ACTION_REASON_MAX}
            aria-describedby={`${fieldId}-hint ${fieldId}-count`}
            disabled={pending}
            onChange={(e) => setReason(e.target.value)}
          />
          <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
            {t("actions.reasonHint", { name })}
          </p>
        </div>
        {action === "ban" && (
          <div className="space-y-1.5">
            <RadioGroup<BanContentPolicy>
              legend={t("actions.content")}
              name={`${fieldId}-content`}
              value={content}
              onChange={setContent}
              disabled={pending}
              options={[
                { value: "keep", label: t("actions.keep") },
                { value: "hide", label: t("actions.hide") },
                { value: "delete", label: t("actions.delete") },
              ]}
            />
            {content === "hide" && <p className="text-xs text-muted-foreground">{t("actions.hideHint")}</p>}
            {content === "delete" && <p className="text-xs text-muted-foreground">{t("actions.deleteHint")}</p>}
          </div>
        )}
        {mutation.isError && (
          <p role="alert" className="rounded-lg border border-destructive/40 p-3 text-sm text-destructive-text">
            {errorMessage(mutation.error)}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={cancel} disabled={pending}>
            {t("translation:common.cancel")}
          </Button>
          <Button type="submit" variant="destructive" loading={pending}>
            {action === "ban"
              ? pending
                ? t("actions.banning")
                : t("actions.confirmBan")
              : pending
                ? t("actions.removing")
                : t("actions.confirmRemove")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
