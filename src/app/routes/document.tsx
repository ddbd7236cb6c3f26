import { useParams } from 'react-router-dom';
import { DocumentDetailView } from '../../features/documents/components/document-detail.tsx';
import '../styles/documents.css';

export default function DocumentPage() {
  const { id = '' } = useParams();
  return <DocumentDetailView key={id} id={id} />;
}
