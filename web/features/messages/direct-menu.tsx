import { Ban, MoreVertical } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BlockPersonDialog } from "../../components/block-person-dialog";
import { DropdownMenu, MenuItem } from "../../components/ui/dropdown-menu";

/**
 * A direct chat's actions: block the other person. The room then closes the chat for both, and the
 * screen turns read-only (the block's own rules, DESIGN.md section 4).
 */
export function DirectMenu({ person }: { person: { id: string; fullName: string } }) {
  const { t } = useTranslation("messages");
  const { t: tc } = useTranslation();
  const [blocking, setBlocking] = useState(false);
  return (
    <>
      <DropdownMenu
        triggerLabel={t("chat.menu")}
        menuLabel={t("chat.menu")}
        triggerClassName="inline-flex h-9 w-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground"
        contentClassName="absolute top-full right-0 z-30 mt-1 w-56"
        trigger={<MoreVertical className="h-5 w-5" aria-hidden="true" />}
      >
        <MenuItem onSelect={() => setBlocking(true)} className="text-destructive-text">
          <Ban className="h-4 w-4" aria-hidden="true" />
          {tc("blocks.blockPerson", { name: person.fullName })}
        </MenuItem>
      </DropdownMenu>
      <BlockPersonDialog person={person} open={blocking} onOpenChange={setBlocking} />
    </>
  );
}
