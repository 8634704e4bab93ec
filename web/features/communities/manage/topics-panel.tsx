import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { TOPIC_NAME_MAX } from "../../../../common/contract/limits";
import { ApiError, call } from "../../../lib/api";
import { useErrorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { communityKeys } from "../../../../common/query-keys";
import { topicsQueryOptions } from "../queries";
import type { Topic } from "../../../../common/contract/communities";

const DEFAULT_COLOR = "#2563EB";

type TopicInput = { name: string; color: string };
type TopicErrors = Partial<Record<keyof TopicInput, string>>;

/** The server's words for the field they concern; a duplicate name (409) belongs to the name. */
function topicErrors(err: unknown, fallback: string): TopicErrors {
  if (err instanceof ApiError) {
    if (err.issues.length) {
      const out: TopicErrors = {};
      for (const i of err.issues) if (i.path === "name" || i.path === "color") out[i.path] ??= i.message;
      if (Object.keys(out).length) return out;
    }
    if (err.status === 409 && err.code === "CONFLICT") return { name: err.message };
  }
  return { name: fallback };
}

/** Topics of the feed's filter pills: add, rename or recolour, delete (posts keep existing, untagged). */
export function TopicsPanel({ communityId, readOnly }: { communityId: string; readOnly: boolean }) {
  const { t } = useTranslation("communities");
  const errorMessage = useErrorMessage();
  const query = useQuery(topicsQueryOptions(communityId));

  if (query.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        variant="plain"
        message={errorMessage(query.error)}
        retryLabel={t("common.tryAgain")}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <div className="space-y-5">
      {!readOnly && <AddTopicForm communityId={communityId} />}
      {query.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">{t("topics.empty")}</p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border">
          {query.data.map((topic) => (
            <TopicRow key={topic.id} communityId={communityId} topic={topic} readOnly={readOnly} />
          ))}
        </ul>
      )}
    </div>
  );
}

function useTopicMutation<V>(communityId: string, fn: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: communityKeys.topics(communityId) }),
  });
}

function AddTopicForm({ communityId }: { communityId: string }) {
  const { t } = useTranslation("communities");
  const [input, setInput] = useState<TopicInput>({ name: "", color: DEFAULT_COLOR });
  const [errors, setErrors] = useState<TopicErrors>({});
  const add = useTopicMutation(communityId, (v: TopicInput) =>
    call("POST /api/communities/:id/topics", { params: { id: communityId }, body: v }),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = input.name.trim();
    if (!name) return setErrors({ name: t("topics.nameRequired") });
    add.mutate(
      { name, color: input.color },
      {
        onSuccess: () => {
          setInput({ name: "", color: input.color });
          setErrors({});
          toast({ variant: "success", title: t("topics.added", { name }) });
        },
        onError: (err) => setErrors(topicErrors(err, t("topics.failed"))),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-xl bg-muted p-4 sm:flex-row sm:items-start">
      <Field label={t("topics.newName")} error={errors.name} className="flex-1">
        <Input value={input.name} maxLength={TOPIC_NAME_MAX} onChange={(e) => setInput({ ...input, name: e.target.value })} />
      </Field>
      <ColorField value={input.color} onChange={(color) => setInput({ ...input, color })} error={errors.color} />
      <Button type="submit" loading={add.isPending} className="sm:mt-6">
        <Plus className="h-4 w-4" aria-hidden="true" />
        {t("topics.add")}
      </Button>
    </form>
  );
}

function ColorField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useTranslation("communities");
  return (
    <Field label={t("topics.color")} error={error}>
      <input
        type="color"
        value={value}
        onChange={(e) => onChange(e.target.value.toUpperCase())}
        className="h-10 w-16 cursor-pointer rounded-lg border border-input bg-surface p-1"
      />
    </Field>
  );
}

function TopicRow({ communityId, topic, readOnly }: { communityId: string; topic: Topic; readOnly: boolean }) {
  const { t } = useTranslation("communities");
  const errorMessage = useErrorMessage();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const remove = useTopicMutation(communityId, () =>
    call("DELETE /api/communities/:id/topics/:topicId", { params: { id: communityId, topicId: topic.id } }),
  );

  // Leaving the edit row puts focus back on the Edit button, not on the page's start.
  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  if (editing) return <EditTopicRow communityId={communityId} topic={topic} onDone={stopEditing} />;

  return (
    <li className="flex items-center gap-3 p-3">
      <span className="h-4 w-4 shrink-0 rounded-full" style={{ backgroundColor: topic.color }} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-foreground">{topic.name}</p>
        <p className="text-xs text-muted-foreground">{t("topics.posts", { count: topic.postsCount })}</p>
      </div>
      {!readOnly && (
        <div className="flex gap-1">
          <Button
            ref={editButton}
            variant="ghost"
            size="icon"
            onClick={() => setEditing(true)}
            aria-label={t("topics.edit", { name: topic.name })}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => setConfirmDelete(true)}
            aria-label={t("topics.delete", { name: topic.name })}
          >
            <Trash2 className="h-4 w-4 text-destructive-text" aria-hidden="true" />
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t("topics.deleteTitle", { name: topic.name })}
        description={t("topics.deleteDescription")}
        confirmLabel={t("topics.deleteConfirm")}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirmDelete(false);
              toast({ variant: "success", title: t("topics.deleted", { name: topic.name }) });
            },
            onError: (err) => toast({ variant: "destructive", title: t("topics.failed"), description: errorMessage(err) }),
          })
        }
      />
    </li>
  );
}

function EditTopicRow({ communityId, topic, onDone }: { communityId: string; topic: Topic; onDone: () => void }) {
  const { t } = useTranslation("communities");
  const [input, setInput] = useState<TopicInput>({ name: topic.name, color: topic.color });
  const [errors, setErrors] = useState<TopicErrors>({});
  const save = useTopicMutation(communityId, (v: TopicInput) =>
    call("PATCH /api/communities/:id/topics/:topicId", { params: { id: communityId, topicId: topic.id }, body: v }),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = input.name.trim();
    if (!name) return setErrors({ name: t("topics.nameRequired") });
    save.mutate(
      { name, color: input.color },
      {
        onSuccess: () => {
          toast({ variant: "success", title: t("topics.saved") });
          onDone();
        },
        onError: (err) => setErrors(topicErrors(err, t("topics.failed"))),
      },
    );
  };

  return (
    <li className="p-3">
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        aria-label={t("topics.editing", { name: topic.name })}
      >
        <Field label={t("topics.name")} error={errors.name} className="flex-1">
          <Input
            value={input.name}
            maxLength={TOPIC_NAME_MAX}
            autoFocus
            onChange={(e) => setInput({ ...input, name: e.target.value })}
          />
        </Field>
        <ColorField value={input.color} onChange={(color) => setInput({ ...input, color })} error={errors.color} />
        <div className="flex gap-2 sm:mt-6">
          <Button type="submit" loading={save.isPending}>
            {t("topics.save")}
          </Button>
          <Button variant="outline" onClick={onDone}>
            {t("common.cancel")}
          </Button>
        </div>
      </form>
    </li>
  );
}
