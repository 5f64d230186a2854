export { loadTasks, readAllTasks } from "./load";
export {
  TaskFilter,
  listTasks,
  taskIdsMatching,
  getPublicTask,
  nextTaskId,
  getTaskGold,
  countTasks,
  type PublicTask,
} from "./catalog";
