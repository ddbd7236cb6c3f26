import { DocumentsScreen } from '../../features/documents/components/documents-screen.tsx';
import '../styles/documents.css';

export default function DocumentsPage() {
  return <DocumentsScreen />;
}
