import { redirect } from "next/navigation";
import { headers } from "next/headers";
import { identityFromHeaders } from "@/lib/auth/requestIdentity";
import { safeNext } from "@/lib/auth/safeNext";
import { SignInForm } from "@/components/auth/SignInForm";

export const dynamic = "force-dynamic";

/** /sign-in?next=/path: email and password (accounts are made by an admin; participants come by invite link). */
export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const next = safeNext((await searchParams).next);
  if (identityFromHeaders(await headers())) redirect(next);
  return <SignInForm next={next} />;
}
