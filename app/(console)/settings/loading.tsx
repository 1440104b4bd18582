export { ConsoleLoading as default } from "@/components/shell/console-loading";
