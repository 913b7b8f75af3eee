// Album: mine, or with ?userId=N another person's open photos (members only).
import { useSearchParams } from 'react-router';
import { useInfo } from '../../features/account/api/get-info';
import { MyAlbumView } from '../../features/album/components/MyAlbumView';
import { PersonAlbumView } from '../../features/album/components/PersonAlbumView';
import { usePeerCard } from '../../features/chat/api/peer';
import { isMember } from '../../lib/membership';
import { UpgradePanel } from '../../features/people/components/UpgradePanel';

function idParam(raw: string | null): number | undefined {
  return raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

export default function AlbumPage() {
  const [params] = useSearchParams();
  const { data: user } = useInfo();
  const userId = idParam(params.get('userId'));
  if (userId !== undefined && userId !== user?.userId) {
    return <TheirAlbum userId={userId} startPhoto={idParam(params.get('photo'))} />;
  }
  return <MyAlbumView member={isMember(user)} />;
}

function TheirAlbum({ userId, startPhoto }: { userId: number; startPhoto?: number }) {
  const card = usePeerCard(userId).data;
  const name = card?.remark?.trim() || card?.userName || '';
  return (
    <PersonAlbumView
      userId={userId}
      name={name}
      startPhoto={startPhoto}
      upgrade={<UpgradePanel reason="album" />}
    />
  );
}
