import { errorPageMessages } from '../messages.ts';
import { ErrorPage } from './error-page.tsx';

export default function UnauthorizedPage() {
  return <ErrorPage code="403" title={errorPageMessages.forbiddenTitle} text={errorPageMessages.forbiddenText} />;
}
