// Publishing a dynamic; the feed then shows it first.
import { useNavigate } from 'react-router';
import { ReleaseForm } from '../../features/feed/components/ReleaseForm';
import { paths } from '../../lib/paths';

export default function ReleasePage() {
  const navigate = useNavigate();
  return (
    <ReleaseForm
      onPublished={() => navigate(paths.dynamic, { replace: true })}
      onCancel={() => {
        if (window.history.length > 1) navigate(-1);
        else navigate(paths.dynamic);
      }}
    />
  );
}
