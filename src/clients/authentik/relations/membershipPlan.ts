import { NothingToDo, RelationPlan, userText } from './relationPlan';

/**
 * Adding a user to a group or removing one, through the group's own actions
 * (`POST /core/groups/{uuid}/add_user/` and `…/remove_user/`, body `{pk}`): one request that
 * touches nothing but this membership, where a PATCH of the group's `users` or the user's
 * `groups` would send the whole list and undo a change somebody made meanwhile.
 */
export interface MembershipGroup {
  pk: string;
  name: string;
}
export interface MembershipUser {
  pk: number;
  username: string;
  name?: string;
}

export function membershipPlan(op: 'add' | 'remove', group: MembershipGroup, user: MembershipUser, isMember: boolean): RelationPlan | NothingToDo {
  const who = userText(user);
  if (op === 'add' && isMember) return { nothing: `${who} is already a direct member of group “${group.name}”.` };
  if (op === 'remove' && !isMember) return { nothing: `${who} is not a direct member of group “${group.name}”: nothing to remove.` };
  const body = { pk: user.pk };
  if (op === 'add') {
    return {
      title: `Add ${who} to group “${group.name}”?`,
      action: 'Add to Group',
      changes: [`group “${group.name}”: members +${user.username} (user ${user.pk})`, `${who} gets what the group grants: its roles, and the policies bound to it.`],
      requests: [{ operation: 'addUserToGroup', method: 'POST', path: `/core/groups/${group.pk}/add_user/`, body, says: `adding ${who} to “${group.name}”` }],
      destructive: false,
      done: `Added ${who} to group “${group.name}”.`,
    };
  }
  return {
    title: `Remove ${who} from group “${group.name}”?`,
    action: 'Remove from Group',
    changes: [`group “${group.name}”: members −${user.username} (user ${user.pk})`, `${who} loses what the group grants (unless another group grants it too).`],
    requests: [{ operation: 'removeUserFromGroup', method: 'POST', path: `/core/groups/${group.pk}/remove_user/`, body, says: `removing ${who} from “${group.name}”` }],
    destructive: true,
    done: `Removed ${who} from group “${group.name}”.`,
  };
}
