import { PageIntro } from '../components/page-intro';
import { TextArea, TextField } from '../components/form';
import { fieldState, formPageHeaders, RequestForm, submitRequest, withFormKey } from '../features/requests';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/ask-a-question';
import { serverGraphql } from '../lib/graphql';

export function loader() {
  return withFormKey({});
}

export const headers = formPageHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  return submitRequest(serverGraphql(context), 'question', await request.formData());
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Ask a question', 'A question about faith, the Bible or our church? Ask our pastors; we will write back.');

export default function AskAQuestion({ actionData, loaderData }: Route.ComponentProps) {
  const field = (name: string) => fieldState(actionData, name);
  return (
    <>
      <PageIntro eyebrow="Prayers" title="Ask a question" lead="No question is too big or too small. One of our pastors will reply to you by e-mail." />
      <section className="section narrow">
        <RequestForm result={actionData} idempotencyKey={loaderData.idempotencyKey} submitLabel="Send question">
          <TextField name="email" label="Email" type="email" autoComplete="email" required {...field('email')} />
          <TextArea name="question" label="Your question" rows={6} required {...field('question')} />
        </RequestForm>
      </section>
    </>
  );
}
