"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, fieldDescription, FormError } from "@/components/ui/field";
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
      <Field label={t("email.label")} htmlFor="signup-email" error={emailError}>
        <Input
          id="signup-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          {...register("email")}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={fieldDescription("signup-email", { error: emailError })}
        />
      </Field>
      <Field label={t("name.label")} htmlFor="signup-name" error={nameError}>
        <Input
          id="signup-name"
          autoComplete="name"
          maxLength={100}
          {...register("name")}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={fieldDescription("signup-name", { error: nameError })}
        />
      </Field>
      <Button type="submit" block disabled={isSubmitting}>
        {isSubmitting ? t("sending") : t("submit")}
      </Button>
      <FormError>{errors.root?.server?.message}</FormError>
    </form>
  );
}
