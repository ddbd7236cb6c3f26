import { useParams } from 'react-router-dom';
import { DocumentDetailView } from '../../features/documents/components/document-detail.tsx';

export default function DocumentPage() {
  const { id = '' } = useParams();
  return <DocumentDetailView key={id} id={id} />;
}
