import LinearProgress from '@mui/material/LinearProgress';
import { useNavigation } from 'react-router-dom';

/** A remote's code and data load before its screen shows: say so while the old screen stays up. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <LinearProgress
      aria-label="Loading page"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}
    />
  );
}
