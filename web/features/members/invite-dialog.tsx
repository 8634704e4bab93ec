import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MyCommunity } from "../../../common/contract/me";
import { Dialog } from "../../components/ui/dialog";
import { Button } from "../../components/ui/button";
import { Tab, TabList, TabPanel, Tabs } from "../../components/ui/tabs";
import { InviteByName } from "./invite-by-name";
import { InviteLinks } from "./invite-links";

/** The owner's and admins' Invite button on /members: invite people by name, or share invite links. */
export function InviteButton({ community }: { community: MyCommunity }) {
  const { t } = useTranslation("members");
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState("people");
  return (
    <>
      <Button onClick={() => setOpen(true)} className="shrink-0">
        <UserPlus className="h-4 w-4" aria-hidden="true" />
        {t("invite.button")}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t("invite.title", { community: community.name })}
        description={t("invite.description")}
      >
        <Tabs value={tab} onValueChange={setTab}>
          <TabList label={t("invite.tabs")}>
            <Tab value="people">{t("invite.byName")}</Tab>
            <Tab value="links">{t("invite.links")}</Tab>
          </TabList>
          <TabPanel value="people" className="mt-4">
            <InviteByName communityId={community.id} />
          </TabPanel>
          <TabPanel value="links" className="mt-4">
            <InviteLinks communityId={community.id} />
          </TabPanel>
        </Tabs>
      </Dialog>
    </>
  );
}
