import { SettingsListLoading } from "@/components/settings/settings-list-loading";

export default function KeysLoading() {
  return <SettingsListLoading label="Loading keys" />;
}
