import { Flag, MoreHorizontal, Pencil, Reply, SmilePlus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DropdownMenu, MenuItem } from "../../components/ui/dropdown-menu";

export type MessageAction = "reply" | "react" | "edit" | "delete" | "report";

type MessageMenuProps = {
  own: boolean;
  canEdit: boolean;
  canWrite: boolean;
  onAction: (action: MessageAction) => void;
  align: "start" | "end";
};

/** Reply and React for everyone in the chat; Edit and Delete only on one's own; Report on others'. */
export function MessageMenu({ own, canEdit, canWrite, onAction, align }: MessageMenuProps) {
  const { t } = useTranslation("messages");
  const icon = "h-4 w-4 text-muted-foreground";
  const anchor = useRef<HTMLSpanElement>(null);
  // The history scrolls inside its own box: a menu low in it opens upwards so nothing is cut off.
  const [upwards, setUpwards] = useState(false);
  const measure = () => setUpwards(opensUpwards(anchor.current));
  return (
    <span ref={anchor} className="contents">
      <DropdownMenu
        triggerLabel={t("message.menu")}
        menuLabel={t("message.menu")}
        align={align}
        triggerClassName="inline-flex h-7 w-7 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground"
        onTriggerIntent={measure}
        contentClassName={`absolute z-30 w-48 ${upwards ? "bottom-full mb-1" : "top-full mt-1"} ${align === "end" ? "right-0" : "left-0"}`}
        trigger={<MoreHorizontal className="h-4 w-4" aria-hidden="true" />}
      >
        {canWrite && (
          <MenuItem onSelect={() => onAction("reply")}>
            <Reply className={icon} aria-hidden="true" />
            {t("message.reply")}
          </MenuItem>
        )}
        {canWrite && (
          <MenuItem onSelect={() => onAction("react")}>
            <SmilePlus className={icon} aria-hidden="true" />
            {t("message.react")}
          </MenuItem>
        )}
        {own && canEdit && (
          <MenuItem onSelect={() => onAction("edit")}>
            <Pencil className={icon} aria-hidden="true" />
            {t("message.edit")}
          </MenuItem>
        )}
        {own && (
          <MenuItem onSelect={() => onAction("delete")} className="text-destructive-text">
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            {t("message.delete")}
          </MenuItem>
        )}
        {!own && (
          <MenuItem onSelect={() => onAction("report")}>
            <Flag className={icon} aria-hidden="true" />
            {t("message.report")}
          </MenuItem>
        )}
      </DropdownMenu>
    </span>
  );
}

/** Whether a popup opened at `element` has more room above it than below, in the viewport. */
export function opensUpwards(element: Element | null): boolean {
  if (!element || typeof window === "undefined") return false;
  const target = element.firstElementChild ?? element;
  const rect = target.getBoundingClientRect();
  return rect.top > window.innerHeight / 2;
}
