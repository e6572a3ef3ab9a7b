import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Label, NativeSelect } from "~/components/ui/form-controls";
import type { KindChoices, ResourceChoice as Choice, ResourceKind } from "~/domain/resources";
import { holdMessages, resourceMessages } from "~/messages";

/** The intent of 'Zuordnung ändern' on the details page, and the field of each kind's choice. */
export const MOVE_RESOURCES_INTENT = "resources";
export const resourceField = (kind: ResourceKind) => `resource-${kind}`;

/** Why a choice cannot be taken, as the option says it; null when it is free. The held one keeps its mark, so a move away is asked for. */
function choiceMark(choice: Choice): string | null {
  if (!choice.active) return holdMessages.inactive;
  if (choice.state === "taken") return holdMessages.taken;
  if (choice.state === "absent") return holdMessages.absent;
  return null;
}

/**
 * 'Zuordnung ändern' on the details page (issue 27): per kind the appointment holds a select of that
 * kind's resources at its time, the held one chosen; taken, absent and deactivated ones are marked
 * and cannot be chosen (the held one stays choosable, the server then says why it cannot stay).
 * A plain form post to the page's action, with or without JavaScript; the answer is the page's
 * toast, or its notice without JavaScript.
 */
export function HoldsCard({ kinds, busy }: { kinds: readonly KindChoices[]; busy: boolean }) {
  // Keyed by what is held: after a move the selects start from the new set.
  const heldKey = kinds.map(({ choices }) => choices.find((choice) => choice.held)?.id ?? "").join(",");
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold leading-tight">{holdMessages.cardTitle}</h2>
        <p className="text-sm text-muted-foreground">{holdMessages.cardIntro}</p>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4" key={heldKey}>
          <input type="hidden" name="intent" value={MOVE_RESOURCES_INTENT} />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {kinds.map(({ kind, choices }) => (
              <KindSelect key={kind} kind={kind} choices={choices} />
            ))}
          </div>
          <Button type="submit" className="justify-self-start max-md:w-full" disabled={busy}>
            {holdMessages.submit}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

function KindSelect({ kind, choices }: { kind: ResourceKind; choices: Choice[] }) {
  const id = `hold-${kind}`;
  const held = choices.find((choice) => choice.held);
  if (choices.length === 0) {
    return (
      <div className="grid min-w-0 content-start gap-2">
        <p className="text-sm font-medium leading-none">{resourceMessages.kindLabels[kind]}</p>
        <p className="text-sm text-muted-foreground">{holdMessages.noneOfKind(kind)}</p>
      </div>
    );
  }
  return (
    <div className="grid min-w-0 content-start gap-2">
      <Label htmlFor={id}>{resourceMessages.kindLabels[kind]}</Label>
      <NativeSelect id={id} name={resourceField(kind)} defaultValue={held?.id ?? ""}>
        {held ? null : <option value="">{holdMessages.choose}</option>}
        {choices.map((choice) => {
          const mark = choiceMark(choice);
          return (
            <option key={choice.id} value={choice.id} disabled={mark !== null && !choice.held}>
              {mark ? `${choice.name} – ${mark}` : choice.name}
            </option>
          );
        })}
      </NativeSelect>
    </div>
  );
}
