import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Wallet } from "@/components/scan/wallet";
import { countCards, listCards } from "@/lib/scan/cards";
import { listPeople } from "@/lib/scan/people";
import { cardsPageQuery } from "@/lib/scan/schemas";
import { listStores } from "@/lib/scan/stores";
import { requestVariant } from "@/lib/labs/request-variant";
import { requireHouseholdPage } from "@/lib/auth/household-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("wallet.meta");
  return { title: t("title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// The cards are rendered into the page itself: the service worker's stored
// copy of this page is then a complete wallet with no signal. One page of
// cards (the API's default page), `?cursor=` for the next: cards are public
// to add, so the page never holds all of them.
export default async function WalletPage({ searchParams }: Props) {
  await requireHouseholdPage();
  const { prefix } = await requestVariant();
  const asked = (await searchParams).cursor;
  // A stale or mangled cursor shows the first page rather than an error.
  const cursor = typeof asked === "string" ? cardsPageQuery.shape.cursor.safeParse(asked) : null;
  const [{ cards, next }, total, { stores }, people] = await Promise.all([
    listCards({ cursor: cursor?.success ? cursor.data : undefined }),
    countCards(),
    listStores(),
    listPeople(),
  ]);
  return (
    <Wallet
      initialCards={cards}
      initialStores={stores}
      people={people}
      page={{ cursor: cursor?.success && typeof asked === "string" ? asked : null, next, total }}
      prefix={prefix}
    />
  );
}
