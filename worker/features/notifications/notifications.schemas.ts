import { z } from "zod";
import { cursorParam, idParam, limitParam } from "../../../common/contract/http";

export const NOTIFICATION_PAGE_SIZE = 20;

export const listNotificationsQuery = z.object({
  communityId: idParam.optional(),
  cursor: cursorParam,
  limit: limitParam(50, NOTIFICATION_PAGE_SIZE),
});

export const unreadCountQuery = z.object({ communityId: idParam.optional() });

export const notificationParams = z.object({ id: idParam });

export const readAllBody = z.object({ communityId: idParam.optional() }).default({});
