import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";

export default function NotFound() {
  return (
    <>
      <PageHeader title="Page not found">There is nothing at this address.</PageHeader>
      <Link href="/base-scan" className="text-brand underline">
        Go to Scan
      </Link>
    </>
  );
}
