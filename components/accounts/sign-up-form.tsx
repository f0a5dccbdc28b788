"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { useApiForm, useSendForm } from "@/components/ui/use-api-form";
import { signUpBody } from "@/lib/accounts/schemas";

/** Sign up, or ask for a new sign-in link: the same form, the same answer. */
export function SignUpForm({ mode }: { mode: "approval" | "email" }) {
  const t = useTranslations("labs.accounts.signUp");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useApiForm(signUpBody, { email: "", name: "" });
  const sendForm = useSendForm();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    if (await sendForm(form, "/labs/api/signup", values)) setSentTo(values.email);
  });

  const emailError = errors.email ? t("email.invalid") : undefined;
  const nameError = errors.name?.type === "too_small" ? t("name.empty") : errors.name?.message;

  if (sentTo) {
    return <Notice tone="success">{mode === "email" ? t("sent.email", { email: sentTo }) : t("sent.approval")}</Notice>;
  }
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
      <FormField label={t("email.label")} id="signup-email" error={emailError}>
        {(control) => (
          <Input
            {...control}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            {...register("email")}
          />
        )}
      </FormField>
      <FormField label={t("name.label")} id="signup-name" error={nameError}>
        {(control) => <Input {...control} autoComplete="name" maxLength={100} {...register("name")} />}
      </FormField>
      <Button type="submit" block disabled={isSubmitting}>
        {isSubmitting ? t("sending") : t("submit")}
      </Button>
      <FormError>{errors.root?.server?.message}</FormError>
    </form>
  );
}
