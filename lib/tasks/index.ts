export { loadTasks, readAllTasks } from "./load";
export { TaskFilter, listTasks, taskIdsMatching, getPublicTask, getTaskGold, countTasks, listDatasets, type PublicTask } from "./catalog";
