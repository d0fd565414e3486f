import type { ModuleItem } from '@bastion/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import MenuBook from '@mui/icons-material/MenuBook';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '@/lib/visually-hidden.ts';

export const COMPLETE_STEP = 'complete';

export const isDone = (item: ModuleItem) => (item.type === 'lesson' ? item.completed : item.solved);

interface ModuleItemNavProps {
  items: ModuleItem[];
  current: string;
  moduleCompleted: boolean;
}

/** The module's items in order, as a stepper-like list: done ones ticked, the open one marked current. */
export function ModuleItemNav({ items, current, moduleCompleted }: ModuleItemNavProps) {
  return (
    <Box component="nav" aria-label="Module contents">
      <List component="ol" dense disablePadding sx={{ listStyle: 'none' }}>
        {items.map((item) => {
          const done = isDone(item);
          const selected = item.id === current;
          return (
            <li key={item.id}>
              <ListItemButton
                component={RouterLink}
                to={`?item=${item.id}`}
                selected={selected}
                aria-current={selected ? 'step' : undefined}
                sx={{ borderRadius: 2, mb: 0.5, alignItems: 'flex-start' }}
              >
                <ListItemIcon sx={{ minWidth: 36, mt: 0.5, color: done ? 'success.main' : 'text.secondary' }}>
                  {done ? (
                    <CheckCircle fontSize="small" />
                  ) : item.type === 'quiz' ? (
                    <QuizOutlined fontSize="small" />
                  ) : (
                    <MenuBook fontSize="small" />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={
                    <>
                      {item.title}
                      <Box component="span" sx={visuallyHidden}>
                        {` (${item.type}${done ? ', completed' : ''})`}
                      </Box>
                    </>
                  }
                  secondary={`${item.type === 'quiz' ? 'Quiz' : 'Lesson'} · ${item.points} pts`}
                />
              </ListItemButton>
            </li>
          );
        })}
        {moduleCompleted && (
          <li>
            <ListItemButton
              component={RouterLink}
              to={`?item=${COMPLETE_STEP}`}
              selected={current === COMPLETE_STEP}
              aria-current={current === COMPLETE_STEP ? 'step' : undefined}
              sx={{ borderRadius: 2 }}
            >
              <ListItemIcon sx={{ minWidth: 36, color: 'points' }}>
                <EmojiEvents fontSize="small" />
              </ListItemIcon>
              <ListItemText primary="Module complete" />
            </ListItemButton>
          </li>
        )}
      </List>
    </Box>
  );
}
