import type { SupportContact } from "../../../common/contract/support";
import type { AppEnv } from "../../env";

const configured = (value: string | undefined) => value?.trim() || null;

/** The contact details the deployment configures; blank counts as unset, so that channel is not shown. */
export function supportContact(env: AppEnv): SupportContact {
  return {
    email: configured(env.SUPPORT_EMAIL),
    phone: configured(env.SUPPORT_PHONE),
  };
}
