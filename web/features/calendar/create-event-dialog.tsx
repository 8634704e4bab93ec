import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { eventTypes, type EventType } from "../../../common/contract/enums";
import {
  EVENT_DEFAULT_LENGTH,
  EVENT_DESCRIPTION_MAX,
  EVENT_LOCATION_MAX,
  EVENT_NAME_MAX,
  EVENT_URL_MAX,
} from "../../../common/contract/limits";
import { zonedTime } from "../../../common/time-zone";
import { ImageFileField } from "../../components/image-file-field";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Select } from "../../components/ui/select";
import { zoneLabel } from "./zone-label";
import { Input, Textarea } from "../../components/ui/input";
import { isApiError } from "../../lib/api";
import { useErrorMessage } from "../../lib/errors";
import { resizeImage } from "../../lib/images/resize";
import { uploadImage } from "../../lib/images/upload";
import { toast } from "../../lib/toast";
import { useCreateEvent } from "./mutations";
import { viewerTimeZone } from "./queries";

type CreateEventDialogProps = { communityId: string | null; open: boolean; onOpenChange: (open: boolean) => void };
type Errors = Partial<Record<"name" | "location" | "startTime" | "endTime" | "timeZone" | "eventUrl" | "description", string>>;

/** "2026-11-22T18:30" in `zone` as milliseconds, or null for an empty or partial value. */
function fromLocalInput(value: string, zone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  return zonedTime(zone, y, mo, d, h, mi);
}

/** The same instant as a datetime-local value in `zone`. */
function toLocalInput(ms: number, zone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

const zones = (): string[] => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  const own = viewerTimeZone();
  return [...new Set([own, "Asia/Tbilisi", ...supported])];
};

/**
 * Create Event (spec 001 section 5): name and location required, the end an hour after the start unless
 * changed, the time zone chosen and stored. If the image upload fails the event is still created
 * without it ('Upload Error').
 */
export default function CreateEventDialog({ communityId, open, onOpenChange }: CreateEventDialogProps) {
  const { t, i18n } = useTranslation("calendar");
  const errorMessage = useErrorMessage();
  const create = useCreateEvent(communityId ?? "");
  const zoneList = useMemo(() => zones(), []);
  const [form, setForm] = useState({
    name: "",
    description: "",
    location: "",
    start: "",
    end: "",
    timeZone: viewerTimeZone(),
    eventUrl: "",
  });
  const [eventType, setEventType] = useState<EventType>("Meetup");
  const [endTouched, setEndTouched] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const onStart = (value: string) =>
    setForm((f) => {
      const start = fromLocalInput(value, f.timeZone);
      // The end follows the start (an hour later) until it is set by hand.
      const end = !endTouched && start !== null ? toLocalInput(start + EVENT_DEFAULT_LENGTH, f.timeZone) : f.end;
      return { ...f, start: value, end };
    });

  const close = (next: boolean) => {
    if (!next && submitting) return;
    onOpenChange(next);
  };

  const fail = (title: string, description?: string) => toast({ title, description, variant: "destructive" });

  const submit = async () => {
    if (!communityId) return fail(t("errorTitle"), t("form.noCommunity"));
    const startTime = fromLocalInput(form.start, form.timeZone);
    const endTime = form.end ? fromLocalInput(form.end, form.timeZone) : null;
    const found: Errors = {};
    if (!form.name.trim()) found.name = t("form.nameRequired");
    if (!form.location.trim()) found.location = t("form.locationRequired");
    if (startTime === null) found.startTime = t("form.startRequired");
    else if (endTime !== null && endTime <= startTime) found.endTime = t("form.endAfterStart");
    setErrors(found);
    const first = Object.values(found)[0];
    if (first || startTime === null) return fail(t("errorTitle"), first);

    setSubmitting(true);
    try {
      let imageUrl: string | null = null;
      if (file) {
        try {
          imageUrl = (await uploadImage(await resizeImage(file), { purpose: "event_image" })).url;
        } catch (err) {
          const reason = err instanceof Error && err.message ? errorMessage(err) : t("form.unknownError");
          toast({ title: t("form.uploadErrorTitle"), description: t("form.uploadError", { reason }), variant: "destructive" });
        }
      }
      await create.mutateAsync({
        name: form.name,
        description: form.description || null,
        location: form.location,
        startTime,
        endTime,
        timeZone: form.timeZone,
        eventType,
        imageUrl,
        eventUrl: form.eventUrl || null,
      });
      toast({ title: t("form.created"), variant: "success" });
      onOpenChange(false);
    } catch (err) {
      if (isApiError(err, 422)) setErrors(Object.fromEntries(err.issues.map((i) => [i.path, i.message])));
      fail(t("form.createFailed"), errorMessage(err));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close} title={t("form.title")} className="max-w-lg">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label={t("form.name")} error={errors.name}>
          <Input value={form.name} maxLength={EVENT_NAME_MAX} onChange={set("name")} disabled={submitting} required />
        </Field>
        <Field label={t("form.description")} error={errors.description}>
          <Textarea
            value={form.description}
            rows={3}
            maxLength={EVENT_DESCRIPTION_MAX}
            onChange={set("description")}
            disabled={submitting}
          />
        </Field>
        <Field label={t("form.location")} error={errors.location}>
          <Input value={form.location} maxLength={EVENT_LOCATION_MAX} onChange={set("location")} disabled={submitting} required />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("form.start")} error={errors.startTime}>
            <Input
              type="datetime-local"
              value={form.start}
              onChange={(e) => onStart(e.target.value)}
              disabled={submitting}
              required
            />
          </Field>
          <Field label={t("form.end")} error={errors.endTime} hint={t("form.endHint")}>
            <Input
              type="datetime-local"
              value={form.end}
              onChange={(e) => {
                setEndTouched(true);
                set("end")(e);
              }}
              disabled={submitting}
            />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("form.timeZone")} error={errors.timeZone}>
            <Select value={form.timeZone} onChange={set("timeZone")} disabled={submitting}>
              {zoneList.map((zone) => (
                <option key={zone} value={zone}>
                  {zoneLabel(zone, i18n.language)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("form.type")}>
            <Select value={eventType} onChange={(e) => setEventType(e.target.value as EventType)} disabled={submitting}>
              {eventTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <ImageFileField
          label={t("form.image")}
          chooseLabel={t("form.chooseImage")}
          removeLabel={t("form.removeImage")}
          file={file}
          onChange={setFile}
          disabled={submitting}
        />
        <Field label={t("form.url")} error={errors.eventUrl}>
          <Input
            type="url"
            inputMode="url"
            value={form.eventUrl}
            maxLength={EVENT_URL_MAX}
            placeholder="https://"
            onChange={set("eventUrl")}
            disabled={submitting}
          />
        </Field>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={() => close(false)} disabled={submitting}>
            {t("common.cancel", { ns: "translation" })}
          </Button>
          <Button type="submit" loading={submitting}>
            {submitting ? t("form.creating") : t("form.create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
