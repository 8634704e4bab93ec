import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { Avatar } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { blockedPeopleQueryOptions, useUnblockPerson } from "../../../lib/blocks";
import { toast } from "../../../lib/toast";

/** Settings' "Blocked users": the people one blocked, each with Unblock (spec 002: settings, blocked users). */
export function BlockedPeopleDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("communities");
  const people = useQuery({ ...blockedPeopleQueryOptions(), enabled: open });
  const unblock = useUnblockPerson();

  let body;
  if (people.isPending) {
    body = (
      <div className="flex justify-center py-6" role="status" aria-label={t("translation:common.loading")}>
        <Spinner />
      </div>
    );
  } else if (people.isError) {
    body = (
      <LoadError
        variant="compact"
        message={t("blocked.loadFailed")}
        retryLabel={t("blocked.tryAgain")}
        onRetry={() => void people.refetch()}
      />
    );
  } else if (people.data.length === 0) {
    body = <p className="py-2 text-sm text-muted-foreground">{t("blocked.empty")}</p>;
  } else {
    body = (
      <ul className="divide-y divide-border" aria-label={t("settings.blockedUsers")}>
        {people.data.map((person) => (
          <li key={person.id} className="flex items-center gap-3 py-3">
            <Avatar src={person.avatarUrl} name={person.fullName} size="sm" />
            <span className="min-w-0 flex-1 truncate text-sm font-medium">{person.fullName}</span>
            <Button
              variant="outline"
              size="sm"
              loading={unblock.isPending && unblock.variables === person.id}
              disabled={unblock.isPending}
              aria-label={t("blocked.unblockPerson", { name: person.fullName })}
              onClick={() =>
                unblock.mutate(person.id, {
                  onSuccess: () => toast({ title: t("blocked.unblocked", { name: person.fullName }), variant: "success" }),
                  onError: () => toast({ title: t("blocked.unblockFailed"), variant: "destructive" }),
                })
              }
            >
              {t("blocked.unblock")}
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("settings.blockedUsers")} description={t("blocked.description")}>
      {body}
      <div className="mt-5 flex justify-end">
        <Button onClick={() => onOpenChange(false)}>{t("translation:common.close")}</Button>
      </div>
    </Dialog>
  );
}
