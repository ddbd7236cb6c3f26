import { errorPageMessages } from '../messages.ts';
import { ErrorPage } from './error-page.tsx';

export default function NotFoundPage() {
  return <ErrorPage code="404" title={errorPageMessages.notFoundTitle} text={errorPageMessages.notFoundText} />;
}
