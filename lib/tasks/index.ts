export { loadTasks, readAllTasks } from "./load";
export { TaskFilter, listTasks, getPublicTask, getTaskGold, countTasks, listDatasets, type PublicTask } from "./catalog";
