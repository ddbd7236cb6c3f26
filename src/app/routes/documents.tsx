import { DocumentsScreen } from '../../features/documents/components/documents-screen.tsx';

export default function DocumentsPage() {
  return <DocumentsScreen />;
}
