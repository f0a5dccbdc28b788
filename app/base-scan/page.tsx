import type { Metadata } from "next";
import { Wallet } from "@/components/scan/wallet";
import { listCards } from "@/lib/scan/cards";
import { listPeople } from "@/lib/scan/people";
import { listStores } from "@/lib/scan/stores";
import { requireHouseholdPage } from "@/lib/auth/household-page";

export const metadata: Metadata = { title: "Wallet" };

// The cards are rendered into the page itself: the service worker's stored
// copy of this page is then a complete wallet with no signal.
export default async function WalletPage() {
  await requireHouseholdPage();
  const [cards, stores, people] = await Promise.all([listCards(), listStores(), listPeople()]);
  return <Wallet initialCards={cards} initialStores={stores} people={people} />;
}
