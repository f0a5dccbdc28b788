"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { FetchError } from "@/lib/http/client-api";

/**
 * What went wrong, for the reader: the server's own words (written in the
 * request's language), "no connection" in the page's language, or `fallback`
 * for anything else.
 */
export function useProblem() {
  const t = useTranslations("common.form");
  return useCallback(
    (error: unknown, fallback: string): string => {
      if (!(error instanceof FetchError)) return fallback;
      return error.code === "network" ? t("offline") : error.message;
    },
    [t],
  );
}
