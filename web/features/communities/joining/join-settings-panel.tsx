import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Globe, Lock, Plus, Save, Trash2 } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { CommunityDetail } from "../../../../common/contract/communities";
import type { CommunityVisibility } from "../../../../common/contract/enums";
import type { FieldIssue } from "../../../../common/contract/http";
import { MEMBERSHIP_QUESTION_MAX, MEMBERSHIP_QUESTIONS_MAX } from "../../../../common/contract/limits";
import type { JoinSettingsBody } from "../../../../common/contract/membership-requests";
import { LazyPanel } from "../../../components/lazy-panel";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Input } from "../../../components/ui/input";
import { ApiError, call } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { useErrorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { communityQueryOptions, refreshCommunity } from "../queries";
import { useJoiningTexts } from "./texts";

export type JoinSettingsCommunity = Pick<CommunityDetail, "id" | "visibility" | "hiddenFromExplore" | "membershipQuestions">;

/** A question being edited; the key keeps its input (and focus) when the ones before it are removed. */
type Draft = { key: number; text: string };

type Errors = {
  visibility?: string;
  /** About the list as a whole (too many questions). */
  questions?: string;
  /** By the draft's key. */
  byKey: Record<number, string>;
};

const noErrors: Errors = { byKey: {} };

let lastKey = 0;
const draft = (text: string): Draft => ({ key: ++lastKey, text });

/**
 * Who may join the community (owner and admins, on the settings page): public, or private with up to
 * three questions whoever asks answers, kept out of explore or not.
 */
export function JoinSettingsPanel({ community }: { community: JoinSettingsCommunity }) {
  return (
    <LazyPanel>
      <JoinSettingsForm community={community} />
    </LazyPanel>
  );
}

function JoinSettingsForm({ community }: { community: JoinSettingsCommunity }) {
  useJoiningTexts();
  const { t } = useTranslation("communities");
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const id = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const [visibility, setVisibility] = useState<CommunityVisibility>(community.visibility);
  const [hidden, setHidden] = useState(community.hiddenFromExplore);
  const [questions, setQuestions] = useState<Draft[]>(() => community.membershipQuestions.map(draft));
  const [errors, setErrors] = useState<Errors>(noErrors);
  const isPrivate = visibility === "private";
  const full = questions.length >= MEMBERSHIP_QUESTIONS_MAX;
  const questionId = (key: number) => `${id}-question-${key}`;

  // After the render that made or moved the field, so the element exists.
  const focusLater = (elementId: string | null) =>
    requestAnimationFrame(() => (elementId ? document.getElementById(elementId) : addRef.current)?.focus());

  const clearError = (key: number) =>
    setErrors((e) => {
      if (!(key in e.byKey) && !e.questions) return e;
      const byKey = { ...e.byKey };
      delete byKey[key];
      return { ...e, byKey, questions: undefined };
    });

  const addQuestion = () => {
    if (full) return;
    const next = draft("");
    setQuestions((qs) => [...qs, next]);
    focusLater(questionId(next.key));
  };

  const removeQuestion = (index: number) => {
    const removed = questions[index]!;
    const rest = questions.filter((_, i) => i !== index);
    setQuestions(rest);
    clearError(removed.key);
    // Focus stays in the list: the question that took its place, the one before, else the add button.
    const neighbour = rest[index] ?? rest[index - 1];
    focusLater(neighbour ? questionId(neighbour.key) : null);
  };

  const editQuestion = (key: number, text: string) => {
    setQuestions((qs) => qs.map((q) => (q.key === key ? { ...q, text } : q)));
    clearError(key);
  };

  /** The client's rules, or null when they pass; focus goes to the first question to fix. */
  const check = (): Errors | null => {
    if (!isPrivate) return null;
    const byKey: Record<number, string> = {};
    for (const q of questions) {
      const text = q.text.trim();
      if (!text) byKey[q.key] = t("joining.settings.errors.questionEmpty");
      else if (text.length > MEMBERSHIP_QUESTION_MAX)
        byKey[q.key] = t("joining.settings.errors.questionTooLong", { max: MEMBERSHIP_QUESTION_MAX });
    }
    return Object.keys(byKey).length ? { byKey } : null;
  };

  const focusFirstError = (errs: Errors, sent: Draft[]) => {
    const first = sent.find((q) => q.key in errs.byKey);
    if (first) focusLater(questionId(first.key));
    else if (errs.visibility) focusLater(`${id}-${visibility}`);
  };

  /** Places the server's field issues; returns the messages that belong to no field. */
  const showIssues = (issues: FieldIssue[], sent: Draft[]): string[] => {
    const next: Errors = { byKey: {} };
    const other: string[] = [];
    for (const issue of issues) {
      const [field, index] = issue.path.split(".");
      const question = field === "membershipQuestions" && index !== undefined ? sent[Number(index)] : undefined;
      if (question) next.byKey[question.key] ??= issue.message;
      else if (field === "membershipQuestions") next.questions ??= issue.message;
      else if (field === "visibility") next.visibility ??= issue.message;
      else other.push(issue.message);
    }
    setErrors(next);
    focusFirstError(next, sent);
    return other;
  };

  const save = useMutation({
    mutationFn: (body: JoinSettingsBody) =>
      call("PATCH /api/communities/:id/join-settings", { params: { id: community.id }, body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(communityQueryOptions(community.id).queryKey, (view) =>
        view ? { ...view, community: { ...view.community, ...saved } } : view,
      );
      setVisibility(saved.visibility);
      setHidden(saved.hiddenFromExplore);
      // Keys kept by place, so the inputs stay as they are when the saved text is what was typed.
      setQuestions((qs) => saved.membershipQuestions.map((text, i) => ({ key: qs[i]?.key ?? ++lastKey, text })));
      toast({ variant: "success", title: t("joining.settings.saved") });
      await refreshCommunity(queryClient, community.id);
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const problems = check();
    if (problems) {
      setErrors(problems);
      focusFirstError(problems, questions);
      return;
    }
    setErrors(noErrors);
    const sent = questions;
    save.mutate(
      {
        visibility,
        // A public community is always listed and asks nothing (the server keeps neither).
        hiddenFromExplore: isPrivate && hidden,
        membershipQuestions: isPrivate ? sent.map((q) => q.text.trim()) : [],
      },
      {
        onError: (err) => {
          const other = err instanceof ApiError && err.issues.length ? showIssues(err.issues, sent) : [];
          // A field's problem is said beside it, once; a toast for what no field shows.
          if (other.length > 0 || !(err instanceof ApiError && err.issues.length > 0))
            toast({
              variant: "destructive",
              title: t("joining.settings.saveFailed"),
              description: other[0] ?? errorMessage(err),
            });
        },
      },
    );
  };

  const options = [
    { value: "public" as const, label: t("joining.settings.public"), hint: t("joining.settings.publicHint"), Icon: Globe },
    { value: "private" as const, label: t("joining.settings.private"), hint: t("joining.settings.privateHint"), Icon: Lock },
  ];
  const questionsHintId = `${id}-questions-hint`;
  const questionsErrorId = `${id}-questions-error`;
  const visibilityErrorId = `${id}-visibility-error`;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="space-y-6">
      <div>
        <h3 id={`${id}-title`} className="font-semibold text-foreground">
          {t("joining.settings.title")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("joining.settings.intro")}</p>
      </div>

      <fieldset aria-describedby={errors.visibility ? visibilityErrorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-foreground">{t("joining.settings.visibility")}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {options.map(({ value, label, hint, Icon }) => (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-xl border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                visibility === value ? "border-primary bg-primary/10" : "border-input hover:bg-muted",
              )}
            >
              <input
                id={`${id}-${value}`}
                type="radio"
                name={`${id}-visibility`}
                value={value}
                checked={visibility === value}
                onChange={() => {
                  setVisibility(value);
                  setErrors((e) => ({ ...e, visibility: undefined }));
                }}
                aria-labelledby={`${id}-${value}-label`}
                aria-describedby={`${id}-${value}-hint`}
                className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
              />
              <span className="min-w-0 space-y-0.5">
                <span id={`${id}-${value}-label`} className="flex items-center gap-1.5 text-sm font-medium text-foreground">
                  <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
                  {label}
                </span>
                <span id={`${id}-${value}-hint`} className="block text-sm text-muted-foreground">
                  {hint}
                </span>
              </span>
            </label>
          ))}
        </div>
        {errors.visibility && (
          <p id={visibilityErrorId} className="mt-1 text-sm text-destructive-text">
            {errors.visibility}
          </p>
        )}
        {!isPrivate && questions.length > 0 && (
          <p className="mt-2 text-sm text-muted-foreground">{t("joining.settings.publicDropsQuestions")}</p>
        )}
      </fieldset>

      {isPrivate && (
        <>
          <Checkbox checked={hidden} onChange={(e) => setHidden(e.target.checked)} label={t("joining.settings.hidden")} />

          <fieldset
            className="space-y-3"
            aria-describedby={[questionsHintId, errors.questions ? questionsErrorId : ""].filter(Boolean).join(" ")}
          >
            <legend className="flex w-full flex-wrap items-baseline justify-between gap-x-3">
              <span className="text-sm font-medium text-foreground">{t("joining.settings.questions")}</span>
              <span className="text-xs text-muted-foreground">
                {t("joining.settings.questionsCount", { used: questions.length, max: MEMBERSHIP_QUESTIONS_MAX })}
              </span>
            </legend>
            <p id={questionsHintId} className="text-sm text-muted-foreground">
              {questions.length === 0 ? t("joining.settings.noQuestions") : t("joining.settings.questionsHint")}
            </p>
            {questions.length > 0 && (
              <ol className="space-y-3">
                {questions.map((q, index) => {
                  const inputId = questionId(q.key);
                  const error = errors.byKey[q.key];
                  const number = index + 1;
                  return (
                    <li key={q.key} className="space-y-1.5">
                      <label htmlFor={inputId} className="block text-sm font-medium text-foreground">
                        {t("joining.settings.question", { number })}
                      </label>
                      <div className="flex gap-2">
                        <Input
                          id={inputId}
                          value={q.text}
                          maxLength={MEMBERSHIP_QUESTION_MAX}
                          onChange={(e) => editQuestion(q.key, e.target.value)}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={`${inputId}-count${error ? ` ${inputId}-error` : ""}`}
                        />
                        <Button
                          variant="outline"
                          size="icon"
                          onClick={() => removeQuestion(index)}
                          aria-label={t("joining.settings.removeQuestion", { number })}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden="true" />
                        </Button>
                      </div>
                      <p id={`${inputId}-count`} className="text-xs text-muted-foreground">
                        {t("joining.common.counter", { length: q.text.length, max: MEMBERSHIP_QUESTION_MAX })}
                      </p>
                      {error && (
                        <p id={`${inputId}-error`} className="text-sm text-destructive-text">
                          {error}
                        </p>
                      )}
                    </li>
                  );
                })}
              </ol>
            )}
            {errors.questions && (
              <p id={questionsErrorId} className="text-sm text-destructive-text">
                {errors.questions}
              </p>
            )}
            <Button ref={addRef} variant="outline" size="sm" onClick={addQuestion} disabled={full}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t("joining.settings.addQuestion")}
            </Button>
          </fieldset>
        </>
      )}

      <div className="flex justify-end border-t border-border pt-5">
        <Button type="submit" loading={save.isPending}>
          <Save className="h-4 w-4" aria-hidden="true" />
          {save.isPending ? t("joining.settings.saving") : t("joining.settings.save")}
        </Button>
      </div>
    </form>
  );
}
