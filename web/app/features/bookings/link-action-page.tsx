import { Form, Link, useNavigation } from 'react-router';
import { SubmitButton } from '../../components/form';
import type { LinkResult } from './bookings';

type Props = {
  title: string;
  lead: string;
  button: string;
  token: string;
  /** Other hidden fields the link carries (a booking's id). */
  fields?: Record<string, string>;
  result?: LinkResult;
  /** The page's own address, for the login link when the offer needs a signed-in member. */
  path: string;
  children?: React.ReactNode;
};

/**
 * The page an e-mailed booking link opens: the link itself changes nothing (mail scanners follow links), the
 * booker's press of the button does. What happened is shown in place of the button.
 */
export function LinkActionPage({ title, lead, button, token, fields = {}, result, path, children }: Props) {
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <section className="section narrow">
      <h1>{title}</h1>
      {result?.booking ? (
        <div role="status">{children}</div>
      ) : (
        <>
          <p className="lead">{lead}</p>
          {result?.message && (
            <p className="form-alert" role="alert">
              {result.message}
              {(result.code === 'FORBIDDEN' || result.code === 'UNAUTHENTICATED') && (
                <>
                  {' '}
                  <Link to={`/userLogin?next=${encodeURIComponent(path)}`}>Log in</Link>
                </>
              )}
            </p>
          )}
          <Form method="post">
            <input type="hidden" name="token" value={token} />
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <SubmitButton pending={pending}>{button}</SubmitButton>
          </Form>
        </>
      )}
      <p>
        <Link to="/user/bookings">My bookings</Link>
      </p>
    </section>
  );
}
