import type * as React from "react";
import { Form, Link } from "react-router";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";

/**
 * A page opened by a one-time link to choose a password (the first setup, an
 * invitation): the form with the link's token, or why the link no longer works
 * with the way to the login. Posts `token`, `password`, `passwordRepeat` and
 * the page's own fields (`children`).
 */
export function PasswordTokenPage({
  title,
  account,
  invalidMessage,
  token,
  error,
  idPrefix,
  submitLabel,
  children,
}: {
  title: string;
  /** The account the link is for, when the page knows it. */
  account?: string;
  /** Set when the link is unknown, used or expired: no form then. */
  invalidMessage: string | null;
  token: string;
  /** The German message of the last submit. */
  error: string | undefined;
  /** Keeps the ids of the password fields unique. */
  idPrefix: string;
  submitLabel: string;
  /** Fields of this page before the password. */
  children?: React.ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-xl font-semibold leading-tight">{title}</h1>
          {account ? <p className="text-sm text-muted-foreground">Konto: {account}</p> : null}
        </CardHeader>
        <CardContent>
          {invalidMessage ? (
            <div className="grid gap-4">
              <p role="alert">{invalidMessage}</p>
              <Link to="/admin-login" className="underline underline-offset-4">
                Zum Admin-Login
              </Link>
            </div>
          ) : (
            <Form method="post" className="grid gap-4">
              <input type="hidden" name="token" value={token} />
              {children}
              <NewPasswordFields idPrefix={idPrefix} />
              {error ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {error}
                </p>
              ) : null}
              <Button type="submit">{submitLabel}</Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
